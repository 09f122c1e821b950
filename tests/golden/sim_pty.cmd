# interactive simulation in a terminal (a pseudo-terminal from script(1)):
# the answers come after a pause, as typed; only the step and spore lines
# are compared (where the terminal echo lands depends on timing)
# requires: script
cp @SRCDIR@/models/abp.pml . && (sleep 2; printf '2\n'; sleep 1; printf 'q\n') | script -qec '@SPORE@ simulate --interactive abp.pml' /dev/null | tr -d '\r' | grep -E '^ *[0-9]+: |^spore'
