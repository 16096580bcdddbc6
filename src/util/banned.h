/* SPDX-License-Identifier: MIT */
/* banned.h: functions litsi must not use (git banned.h); force-included. */
#ifndef LITSI_BANNED_H
#define LITSI_BANNED_H

/* Declare the real functions first so that the macros below only catch uses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BANNED(func) sorry_##func##_is_a_banned_function

#undef strcpy
#define strcpy(x, y) BANNED(strcpy)
#undef strcat
#define strcat(x, y) BANNED(strcat)
#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BANNED(vsprintf)
#undef strtok
#define strtok(x, y) BANNED(strtok)
#undef atoi
#define atoi(x) BANNED(atoi)
#undef atol
#define atol(x) BANNED(atol)
#undef atof
#define atof(x) BANNED(atof)
#undef gets
#define gets(x) BANNED(gets)
#undef gmtime
#define gmtime(x) BANNED(gmtime)
#undef localtime
#define localtime(x) BANNED(localtime)
#undef ctime
#define ctime(x) BANNED(ctime)

#endif
