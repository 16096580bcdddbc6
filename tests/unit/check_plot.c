/* SPDX-License-Identifier: MIT */
/* check_plot.c: the kernel labels figures carry (plot_label()). */
#include <check.h>
#include <string.h>

#include "litsi/plot.h"
#include "unit.h"

START_TEST(test_label_short_names)
{
	char b[PLOT_LABEL_MAX + 32];

	/* Return type, template and function arguments go; the id tells kernels apart. */
	plot_label("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<int>, "
		   "at::detail::Array<char*, 1> >(int, at::native::FillFunctor<int>, "
		   "at::detail::Array<char*, 1>)", 17, b, sizeof(b));
	ck_assert_str_eq(b, "at::native::vectorized_elementwise_kernel #17");
	/* Itanium nested names are joined by ::. */
	plot_label("_ZN2at6native29vectorized_elementwise_kernelILi4EEEvi", 3, b, sizeof(b));
	ck_assert_str_eq(b, "at::native::vectorized_elementwise_kernel #3");
	plot_label("_Z10matmul_f32PfS_S_i", 4, b, sizeof(b));
	ck_assert_str_eq(b, "matmul_f32 #4");
	/* Plain names, rocprof names with their brackets, stay whole. */
	plot_label("Cijk_Ailk_Bljk_HHS_BH_MT128x128x32", 5, b, sizeof(b));
	ck_assert_str_eq(b, "Cijk_Ailk_Bljk_HHS_BH_MT128x128x32 #5");
	plot_label("ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)", 6,
		   b, sizeof(b));
	ck_assert_str_eq(b, "ncclDevKernel_AllReduce_Sum_f32_RING_LL #6");
	plot_label("(anonymous)", 8, b, sizeof(b));
	ck_assert_str_eq(b, "(anonymous) #8");
}
END_TEST

START_TEST(test_label_cut)
{
	char b[PLOT_LABEL_MAX + 32], name[300];

	memset(name, 'k', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	plot_label(name, 123456, b, sizeof(b));
	ck_assert_uint_eq(strlen(b), PLOT_LABEL_MAX + strlen(" #123456"));
	ck_assert_str_eq(b + PLOT_LABEL_MAX - 3, "... #123456");
	/* Never inside a UTF-8 sequence: 44 x 'a' then "é" (2 bytes) across the cut at 45. */
	memset(name, 'a', 44);
	memcpy(name + 44, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 9);
	plot_label(name, 1, b, sizeof(b));
	ck_assert_str_eq(b + 44, "... #1");
}
END_TEST

Suite *
plot_suite(void)
{
	Suite *s = suite_create("plot");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_label_short_names);
	tcase_add_test(tc, test_label_cut);
	suite_add_tcase(s, tc);
	return s;
}
