/* fuzz_session: REPL sessions for the targets that drive the front end
 * (fuzz_savegame, fuzz_repl), on the games of the source tree. */
#ifndef TABULA_FUZZ_SESSION_H
#define TABULA_FUZZ_SESSION_H

#include <stdio.h>
#include <stdlib.h>

#include "fuzz_common.h"
#include "repl/repl.h"

/* A session of FILE (under the tree) from its start; exits when it does not
 * load, naming TARGET. */
static inline session *fuzz_session_open(const char *target, const char *file)
{
    /* the front end finds stdlib/ where it was installed; the tree's */
    setenv("TABULA_PATH", fuzz_path("stdlib"), 0);
    char error[512];
    session *s = session_open(fuzz_path(file), NULL, NULL, error, sizeof error);
    if (!s) {
        fprintf(stderr, "%s: %s (set TABULA_FUZZ_ROOT)\n", target, error);
        exit(1);
    }
    return s;
}

#endif
