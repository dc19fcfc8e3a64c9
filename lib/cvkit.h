/* cvkit: the public interface of libcvkit.a in one include: the engine
 * interface (engine.h), the record interface (record.h), the replay walk
 * over both (replay.h), and the shared helpers the tools use. */
#ifndef CVKIT_H
#define CVKIT_H
#include "diag.h"
#include "cli.h"
#include "toolopts.h"
#include "outfile.h"
#include "lines.h"
#include "suite.h"
#include "json.h"
#include "problem.h"
#include "variant.h"
#include "engine.h"
#include "svg_last.h"
#include "count.h"
#include "record.h"
#include "replay.h"
#include "hold.h"
#include "jobs.h"
#include "capture.h"
#include "run.h"
#include "rewrite.h"
#include "build.h"
#endif
