/* rules_files: the rules files the generator tests play on: every game
 * shipped in games/ and every primitive's file in tests/primitives, by
 * their paths from the top of the source tree (top_srcdir from the test
 * environment). */
#ifndef TABULA_TEST_RULES_FILES_H
#define TABULA_TEST_RULES_FILES_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const shipped_game_names[] = {
    "amazons", "breakthrough", "checkers", "chess", "connect4", "desdemona", "gtbm", "hex",
    "mynd", "othello", "sapos", "sato", "superial", "tictactoe",
};

static inline void each_shipped_game(void (*each)(const char *relative))
{
    for (size_t i = 0; i < sizeof shipped_game_names / sizeof shipped_game_names[0]; i++) {
        char relative[256];
        snprintf(relative, sizeof relative, "games/%s.rules", shipped_game_names[i]);
        each(relative);
    }
}

static inline int rules_files_by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* In name order; false when the directory cannot be read or holds
 * suspiciously few files (the test would then check nothing). */
static inline bool each_primitive(void (*each)(const char *relative))
{
    char path[1024];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/tests/primitives", top ? top : ".");
    DIR *dir = opendir(path);
    if (!dir)
        return false;
    char *names[256];
    int count = 0;
    struct dirent *e;
    while ((e = readdir(dir)) && count < 256) {
        size_t length = strlen(e->d_name);
        if (length > 6 && !strcmp(e->d_name + length - 6, ".rules"))
            names[count++] = strdup(e->d_name);
    }
    closedir(dir);
    qsort(names, (size_t)count, sizeof names[0], rules_files_by_name);
    for (int i = 0; i < count; i++) {
        char relative[512];
        snprintf(relative, sizeof relative, "tests/primitives/%s", names[i]);
        each(relative);
        free(names[i]);
    }
    return count > 20;
}

#endif
