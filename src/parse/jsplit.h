/* SPDX-License-Identifier: MIT */
/*
 * jsplit.h: the events of one JSON array parsed on several threads (private
 * to the parse layer). The calling thread reads the array, cuts it into
 * pieces at element boundaries (jscan_cut()), worker threads parse the
 * pieces, each into a record log, and the calling thread hands the logs to
 * the real sink in the order of the file, so the sink sees exactly the calls
 * of a parse on one thread.
 */
#ifndef LITSI_PARSE_JSPLIT_H
#define LITSI_PARSE_JSPLIT_H

#include "jscan.h"

struct jsplit_ops {
	void *arg;
	size_t user_size;	/* bytes of per-piece state handed to parse and merge */
	/*
	 * parse() - on a worker thread: the elements of the piece @in (just
	 * after the '[' when @first) to its end, or through the array's ']',
	 * records into @rec; jsplit_rec_offsets() names the scanner whose
	 * offset each record keeps. @user is zeroed first. Return: 0, or an
	 * error in @err (the first of the piece, as a one-thread parse meets it).
	 */
	int (*parse)(void *arg, struct input *in, int first, struct sink *rec, void *user,
		     struct err *err);
	/* merge() - on the calling thread, once the piece's records went to the sink. */
	void (*merge)(void *arg, void *user);
	/* user_free() - what parse() left in @user (also for pieces never merged). */
	void (*user_free)(void *user);
};

/* jsplit_rec_offsets() - the scanner whose offset the records of @rec keep. */
void jsplit_rec_offsets(struct sink *rec, const struct jscan *js);

/*
 * jsplit_array() - parse the array whose '[' @js just returned on @threads
 * threads into @sink. Return: 0 with @js resumed just after the array's ']';
 * 1 when the rest is for the caller to parse on its own thread, @js resumed
 * inside the array where the pieces stopped (an element larger than a piece
 * may be, or the input failing or ending: a one-thread parse gives the
 * message); or an error. *@resumed is an input that @js now reads (the
 * bytes already read, then @js's input): close it after the parse.
 */
int jsplit_array(struct jscan *js, int threads, const struct parse_opts *o,
		 const struct jsplit_ops *ops, struct sink *sink, struct input **resumed,
		 struct err *err);

#endif
