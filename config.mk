# config.mk: build knobs (sbase style). Override on the command line.
VERSION = 0.1.0
PREFIX ?= /usr/local
MANPREFIX ?= $(PREFIX)/share/man
DESTDIR ?=
CC ?= cc
PKG_CONFIG ?= pkg-config
OPT ?= -O2 -g
WERROR ?= -Werror
WARN = -Wall -Wextra $(WERROR) -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
       -Wno-unused-parameter
BUILD ?= build
SAN ?=
