/*
 * tests/unit/unit.h -- what every CUnit program of spore shares.
 *
 * unit_run() registers the suites, runs them verbosely and turns the
 * result into automake's exit codes (0 pass, 1 fail, 99 hard error).
 * Suites are declared with designated initialisers (the struct changed
 * in CUnit 2.1-3).
 */
#ifndef SPORE_TESTS_UNIT_UNIT_H
#define SPORE_TESTS_UNIT_UNIT_H

#include <CUnit/Basic.h>

static inline int unit_run(CU_SuiteInfo *suites)
{
    unsigned failed;

    if (CU_initialize_registry() != CUE_SUCCESS)
        return 99;
    if (CU_register_suites(suites) != CUE_SUCCESS) {
        CU_cleanup_registry();
        return 99;
    }
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    return failed ? 1 : 0;
}

#endif /* SPORE_TESTS_UNIT_UNIT_H */
