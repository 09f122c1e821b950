# --json stays valid JSON when a name holds invalid UTF-8 (issue 14,
# item 11): the model's file name has a stray byte 0xff, printed as
# \ufffd; valid UTF-8 (the e-acute) is kept as it is
cp @SRCDIR@/tests/models/write_only_printf.pml "$(printf 'w\303\251\377.pml')" && @SPORE@ --json --no-trail --por=none "$(printf 'w\303\251\377.pml')" | grep -o '"model":"[^"]*"\|"location":"[^"]*"'
