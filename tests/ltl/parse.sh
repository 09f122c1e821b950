#!/bin/sh
# tests/ltl/parse.sh -- `make check' test of the LTL parser and of the
# never-claim printer, through tests/ltl/ltl2never.
#
#   1. Precedence and word forms: `ltl2never -p F' must print F fully
#      parenthesised exactly as SPIN 6.5.2 echoes `ltl { F }' (the
#      expected texts below were taken from SPIN).
#   2. Errors: the exact first line of the message (with its column) and
#      exit status 2.
#   3. A few never claims and automaton sizes, exactly.
#
# Environment: LTL2NEVER (default: tests/ltl/ltl2never next to $SPORE,
# else ./tests/ltl/ltl2never).  Exit status: 0 pass, 1 a failure (each is
# printed), 99 no ltl2never.

set -u

if [ -z "${LTL2NEVER:-}" ]; then
    LTL2NEVER=./tests/ltl/ltl2never
    [ -n "${SPORE:-}" ] &&
        LTL2NEVER=$(dirname "$SPORE")/tests/ltl/ltl2never
fi
[ -x "$LTL2NEVER" ] || { echo "no ltl2never at $LTL2NEVER" >&2; exit 99; }

fail=0
count=0

# parsed FORMULA EXPECTED
parsed()
{
    count=$((count + 1))
    got=$("$LTL2NEVER" -p "$1" 2>&1)
    if [ "$got" != "$2" ]; then
        echo "FAIL: -p '$1'"
        echo "  expected: $2"
        echo "  got:      $got"
        fail=1
    fi
}

# error FORMULA LINE:COL MESSAGE: the first line of the diagnostic
error()
{
    count=$((count + 1))
    got=$("$LTL2NEVER" "$1" 2>&1 >/dev/null)
    rc=$?
    got=$(printf '%s\n' "$got" | head -n 1)
    if [ $rc -ne 2 ] || [ "$got" != "formula:$2: error: $3" ]; then
        echo "FAIL: error for '$1' (exit $rc)"
        echo "  expected: formula:$2: error: $3"
        echo "  got:      $got"
        fail=1
    fi
}

# output ARGS... -- EXPECTED (read from stdin)
output()
{
    count=$((count + 1))
    want=$(cat)
    got=$("$LTL2NEVER" "$@" 2>&1)
    if [ "$got" != "$want" ]; then
        echo "FAIL: ltl2never $*"
        printf '%s\n' "$want" >"${TMPDIR:-/tmp}/ltl-want.$$"
        printf '%s\n' "$got" | diff "${TMPDIR:-/tmp}/ltl-want.$$" - |
            sed 's/^/  /'
        rm -f "${TMPDIR:-/tmp}/ltl-want.$$"
        fail=1
    fi
}

# ---- 1. precedence, associativity, word forms (SPIN's echo) -------------
parsed 'p U q U r' '((p) U (q)) U (r)'
parsed 'p && q U r' '(p) && ((q) U (r))'
parsed 'p || q && r' '(p) || ((q) && (r))'
parsed 'p && q || r' '((p) && (q)) || (r)'
parsed 'p -> q -> r' '(! ((! (p)) || (q))) || (r)'
parsed 'p -> q && r' '(! (p)) || ((q) && (r))'
parsed 'p && q -> r' '(! ((p) && (q))) || (r)'
parsed 'p <-> q -> r' '(! ((p) <-> (q))) || (r)'
parsed 'p -> q <-> r' '((! (p)) || (q)) <-> (r)'
parsed 'p || q -> r' '(! ((p) || (q))) || (r)'
parsed 'p -> q || r' '(! (p)) || ((q) || (r))'
parsed '! p U q' '(! (p)) U (q)'
parsed '[] p U q' '([] (p)) U (q)'
parsed '<> p && q' '(<> (p)) && (q)'
parsed '[] p -> q' '(! ([] (p))) || (q)'
parsed 'p V q U r' '((p) V (q)) U (r)'
parsed 'p U q V r' '((p) U (q)) V (r)'
parsed 'p W q' '([] (p)) || ((p) U (q))'
parsed 'p W q U r' '(([] (p)) || ((p) U (q))) U (r)'
parsed 'p && q W r' '(p) && (([] (q)) || ((q) U (r)))'
parsed '[]<>p -> <>q' '(! ([] (<> (p)))) || (<> (q))'
parsed '! ! p' '! (! (p))'
parsed 'p U [] q U r' '((p) U ([] (q))) U (r)'
parsed 'p implies q until r' '(! (p)) || ((q) U (r))'
parsed 'eventually p until q' '(<> (p)) U (q)'
parsed 'always p U q || r' '(([] (p)) U (q)) || (r)'
parsed 'p stronguntil q' '(p) U (q)'
parsed 'p weakuntil q' '([] (p)) || ((p) U (q))'
parsed 'p release q' '(p) V (q)'
parsed 'p R q' '(p) V (q)'
parsed 'p equivalent q' '(p) <-> (q)'
parsed 'true U false' '(1) U (0)'
parsed 'X p U X X q' '(X (p)) U (X (X (q)))'
# propositions that are Promela expressions
parsed 'x > 3 U q' '(x > 3) U (q)'
parsed '(x + 1) > 3 && y' '((x + 1) > 3) && (y)'
parsed '{ P[0]@cs || x == 1 } -> <> (y != 2)' \
    '(! (P[0]@cs || x == 1)) || (<> (y != 2))'
parsed 'a[i+1].f == -2 U P:x' '(a[i+1].f == -2) U (P:x)'
parsed '[] (b == true || n % 2 != 0)' '[] ((b == true) || (n % 2 != 0))'

# ---- 2. errors -----------------------------------------------------------
error 'p U' 1:4 'expected a formula, found the end of the formula'
error 'p U (q' 1:7 "expected ')', found the end of the formula"
error '&& p' 1:1 "expected a formula, found '&&'"
error 'p q' 1:3 "unexpected 'q' after the formula"
error 'p $ q' 1:3 "unexpected '\$' after the formula"
error '{x > 3' 1:1 "'{' is not closed"
error 'x[1 > 2' 1:2 "'[' is not closed"
error '(p U q) > 3' 1:9 "expression operator '>' after a temporal formula"
error 'p +' 1:4 'expected an operand, found the end of the formula'
error 'p U { }' 1:5 'empty braces: a proposition is missing'
error 'p U
  && q' 2:3 "expected a formula, found '&&'"

# ---- 3. claims and sizes -------------------------------------------------
output 'p U q' <<'EOF'
never  {    /* p U q */
T0_init:
	if
	:: ((p)) -> goto T0_init
	:: ((q)) -> goto accept_all
	fi;
accept_all:
	skip
}
EOF
output '[]<>p' <<'EOF'
never  {    /* []<>p */
T0_init:
	if
	:: (1) -> goto T0_init
	:: ((p)) -> goto accept_S1
	fi;
accept_S1:
	if
	:: (1) -> goto T0_init
	:: ((p)) -> goto accept_S1
	fi;
}
EOF
# X: this SPIN is built without it, so compare-spin.sh cannot check it;
# these two claims were checked by hand
output 'X p' <<'EOF'
never  {    /* X p */
accept_init:
T0_init:
	if
	:: (1) -> goto accept_S1
	fi;
accept_S1:
	if
	:: ((p)) -> goto accept_all
	fi;
accept_all:
	skip
}
EOF
output '[](p -> X q)' <<'EOF'
never  {    /* [](p -> X q) */
accept_init:
T0_init:
	if
	:: (!(p)) -> goto T0_init
	:: (1) -> goto accept_S1
	fi;
accept_S1:
	if
	:: (!(p) && (q)) -> goto T0_init
	:: ((q)) -> goto accept_S1
	fi;
}
EOF
output 'p && !p' <<'EOF'
never  {    /* p && !p */
T0_init:
	false;
}
EOF
output '[] p && <> !p' <<'EOF'
never  {    /* [] p && <> !p */
T0_init:
	false;
}
EOF
output 'true' <<'EOF'
never  {    /* true */
accept_init:
T0_init:
accept_all:
	skip
}
EOF
output -s '[](p -> <>q)' <<'EOF'
states 3 edges 8 accepting 1
EOF
output -s '[] (p || !p) && <> true' <<'EOF'
states 1 edges 1 accepting 1
EOF
output -s '<>[]p' <<'EOF'
states 2 edges 3 accepting 1
EOF

if [ $fail -eq 0 ]; then
    echo "ltl parse: $count checks pass"
fi
exit $fail
