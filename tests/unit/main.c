/* SPDX-License-Identifier: MIT */
/* main.c: the unit-test runner; suites are registered from unit_suites.h. */
#include <check.h>
#include <stdlib.h>

#include "unit.h"

#define SUITE(name) Suite *name##_suite(void);
#include "unit_suites.h"
#undef SUITE

int
main(void)
{
	SRunner *sr = srunner_create(NULL);
	int failed;

#define SUITE(name) srunner_add_suite(sr, name##_suite());
#include "unit_suites.h"
#undef SUITE
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
