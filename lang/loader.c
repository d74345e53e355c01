/* loader: include resolution over the parsed files. */
#include "loader.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parse.h"

typedef struct loader {
    const loader_options *options;
    source_set *sources;
    diag_list *diagnostics;
    char **identities;     /* real path of each file read, by source index */
    int identity_count;
    int stack[LOADER_MAX_INCLUDE_DEPTH + 1];   /* source indices being read */
    int depth;
    bool out_of_memory;
} loader;

loader_options loader_options_from_environment(const char *default_stdlib)
{
    loader_options options;
    const char *stdlib_dir = getenv("TABULA_STDLIB");
    options.stdlib_dir = stdlib_dir && *stdlib_dir ? stdlib_dir : default_stdlib;
    options.search_path = getenv("TABULA_PATH");
    options.games_dir = NULL;
    return options;
}

static char *identity_of(const char *path)
{
    char *real = realpath(path, NULL);
    return real ? real : strdup(path);
}

static int find_identity(const loader *l, const char *identity)
{
    for (int i = 0; i < l->identity_count; i++)
        if (l->identities[i] && strcmp(l->identities[i], identity) == 0)
            return i;
    return -1;
}

static bool remember_identity(loader *l, int index, char *identity)
{
    if (index >= l->identity_count) {
        char **grown = realloc(l->identities, (size_t)(index + 1) * sizeof *grown);
        if (!grown)
            return false;
        for (int i = l->identity_count; i <= index; i++)
            grown[i] = NULL;
        l->identities = grown;
        l->identity_count = index + 1;
    }
    l->identities[index] = identity;
    return true;
}

static bool is_regular_file(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 && S_ISREG(info.st_mode);
}

static char *join(const char *folder, size_t folder_length, const char *name)
{
    size_t n = strlen(name);
    char *path = malloc(folder_length + n + 2);
    if (!path)
        return NULL;
    memcpy(path, folder, folder_length);
    path[folder_length] = '/';
    memcpy(path + folder_length + 1, name, n + 1);
    return path;
}

/* Finds NAME for an include in the file INCLUDER; NULL when not found. */
static char *resolve(const loader *l, const char *name, const char *includer)
{
    if (name[0] == '/')
        return is_regular_file(name) ? strdup(name) : NULL;
    const char *stdlib_dir = l->options->stdlib_dir;
    if (stdlib_dir && *stdlib_dir) {
        char *path = join(stdlib_dir, strlen(stdlib_dir), name);
        if (path && is_regular_file(path))
            return path;
        free(path);
    }
    const char *search = l->options->search_path;
    while (search && *search) {
        const char *colon = strchr(search, ':');
        size_t length = colon ? (size_t)(colon - search) : strlen(search);
        if (length > 0) {
            char *path = join(search, length, name);
            if (path && is_regular_file(path))
                return path;
            free(path);
        }
        search = colon ? colon + 1 : NULL;
    }
    const char *slash = strrchr(includer, '/');
    char *path = slash ? join(includer, (size_t)(slash - includer), name) : strdup(name);
    if (path && is_regular_file(path))
        return path;
    free(path);
    /* last, a shipped game: a variant of it in a file of one's own */
    const char *games_dir = l->options->games_dir;
    if (games_dir && *games_dir) {
        path = join(games_dir, strlen(games_dir), name);
        if (path && is_regular_file(path))
            return path;
        free(path);
    }
    return NULL;
}

static void splice(loader *l, ast_node *program, ast_node *file);

static void include_file(loader *l, ast_node *program, const ast_node *include, int includer)
{
    source_location at = include->location;
    if (l->depth >= LOADER_MAX_INCLUDE_DEPTH) {
        diag_report(l->diagnostics, DIAG_ERROR, at, NULL,
                    "includes nested deeper than %d files", LOADER_MAX_INCLUDE_DEPTH);
        return;
    }
    char *path = resolve(l, include->text, source_path(l->sources, includer));
    if (!path) {
        diag_report(l->diagnostics, DIAG_ERROR, at,
                    l->options->games_dir && *l->options->games_dir
                        ? "includes are searched in the stdlib folder, TABULA_PATH, this file's folder, then the shipped games"
                        : "includes are searched in the stdlib folder, TABULA_PATH, then this file's folder",
                    "cannot find included file '%s'", include->text);
        return;
    }
    char *identity = identity_of(path);
    if (!identity) {
        free(path);
        l->out_of_memory = true;
        return;
    }
    int known = find_identity(l, identity);
    if (known >= 0) {
        for (int i = 0; i < l->depth; i++) {
            if (l->stack[i] == known) {
                diag_report(l->diagnostics, DIAG_ERROR, at, "remove one of the includes in the cycle",
                            "include cycle: '%s' includes itself through '%s'",
                            source_path(l->sources, known), source_path(l->sources, includer));
                break;
            }
        }
        /* already read (or cyclic): its statements are in the program once */
        free(identity);
        free(path);
        return;
    }
    int index = source_set_read(l->sources, path);
    if (index < 0) {
        diag_report(l->diagnostics, DIAG_ERROR, at, NULL, "cannot read included file '%s': %s",
                    path, strerror(errno));
        free(identity);
        free(path);
        return;
    }
    free(path);
    if (!remember_identity(l, index, identity)) {
        free(identity);
        l->out_of_memory = true;
        return;
    }
    ast_node *file = parse_source(l->sources, index, l->diagnostics);
    if (!file) {
        l->out_of_memory = true;
        return;
    }
    l->stack[l->depth++] = index;
    splice(l, program, file);
    l->depth--;
}

/* Moves FILE's statements into PROGRAM, following includes in place. */
static void splice(loader *l, ast_node *program, ast_node *file)
{
    int index = l->stack[l->depth - 1];
    for (int i = 0; i < file->child_count; i++) {
        ast_node *statement = file->children[i];
        if (statement->kind == AST_INCLUDE) {
            include_file(l, program, statement, index);
            ast_free(statement);
        } else {
            ast_append(program, statement);
        }
        file->children[i] = NULL;
    }
    file->child_count = 0;
    ast_free(file);
}

/* Parses the main file, source INDEX (called PATH), and every file it
 * includes, into *PROGRAM. */
static loader_status load_main(int index, const char *path, const loader_options *options, source_set *sources,
                               diag_list *diagnostics, ast_node **program)
{
    loader l = { .options = options, .sources = sources, .diagnostics = diagnostics };
    loader_status status = LOADER_OK;
    char *identity = identity_of(path);
    if (!identity || !remember_identity(&l, index, identity)) {
        free(identity);
        status = LOADER_NO_MEMORY;
        goto done;
    }
    ast_node *file = parse_source(sources, index, diagnostics);
    source_location start = { index, 1, 1, 1, 1 };
    ast_node *all = ast_new(AST_FILE, start);
    if (!file || !all) {
        ast_free(file);
        ast_free(all);
        status = LOADER_NO_MEMORY;
        goto done;
    }
    l.stack[l.depth++] = index;
    splice(&l, all, file);
    if (l.out_of_memory) {
        ast_free(all);
        status = LOADER_NO_MEMORY;
        goto done;
    }
    *program = all;
done:
    for (int i = 0; i < l.identity_count; i++)
        free(l.identities[i]);
    free(l.identities);
    return status;
}

loader_status loader_load(const char *path, const loader_options *options, source_set *sources,
                          diag_list *diagnostics, ast_node **program)
{
    *program = NULL;
    int index = source_set_read(sources, path);
    if (index < 0) {
        source_location nowhere = { -1, 0, 0, 0, 0 };
        diag_report(diagnostics, DIAG_ERROR, nowhere, NULL, "cannot read '%s': %s", path,
                    strerror(errno));
        return LOADER_UNREADABLE;
    }
    return load_main(index, path, options, sources, diagnostics, program);
}

loader_status loader_load_text(const char *name, const char *text, size_t length, const loader_options *options,
                               source_set *sources, diag_list *diagnostics, ast_node **program)
{
    *program = NULL;
    if (length > SOURCE_MAX_BYTES) {
        source_location nowhere = { -1, 0, 0, 0, 0 };
        diag_report(diagnostics, DIAG_ERROR, nowhere, NULL, "'%s' is larger than %u bytes", name,
                    SOURCE_MAX_BYTES);
        return LOADER_UNREADABLE;
    }
    int index = source_set_add(sources, name, text, length);
    if (index < 0)
        return LOADER_NO_MEMORY;
    return load_main(index, name, options, sources, diagnostics, program);
}
