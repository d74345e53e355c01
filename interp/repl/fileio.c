/* fileio: atomic writes.  The data goes to a temporary file next to the
 * target (same folder, so the rename cannot cross file systems), is synced,
 * then renamed over the target; the folder is synced too.  Any failure
 * removes the temporary file and leaves the target as it was. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "repl/repl.h"

bool fileio_write_atomic(const char *path, const char *data, size_t length, char *error,
                         size_t error_size)
{
    size_t n = strlen(path);
    char *temp = malloc(n + 16);
    char *folder = malloc(n + 2);
    if (!temp || !folder) {
        free(temp);
        free(folder);
        snprintf(error, error_size, "out of memory");
        return false;
    }
    const char *slash = strrchr(path, '/');
    if (slash) {
        memcpy(folder, path, (size_t)(slash - path) + 1);
        folder[slash - path + 1] = '\0';
    } else {
        strcpy(folder, ".");
    }
    snprintf(temp, n + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(temp);
    if (fd < 0) {
        snprintf(error, error_size, "cannot write %s: %s", path, strerror(errno));
        free(temp);
        free(folder);
        return false;
    }
    const char *why = NULL;
    int saved = 0;
    size_t done = 0;
    while (done < length) {
        ssize_t w = write(fd, data + done, length - done);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            why = "writing";
            saved = errno;
            break;
        }
        done += (size_t)w;
    }
    mode_t mask = umask(0);
    umask(mask);
    if (!why && fchmod(fd, 0666 & ~mask) != 0) {
        why = "setting the permissions of";
        saved = errno;
    }
    if (!why && fsync(fd) != 0) {
        why = "syncing";
        saved = errno;
    }
    if (close(fd) != 0 && !why) {
        why = "closing";
        saved = errno;
    }
    if (!why && rename(temp, path) != 0) {
        why = "renaming the temporary file to";
        saved = errno;
    }
    if (why) {
        unlink(temp);
        snprintf(error, error_size, "%s %s failed: %s; the file is unchanged", why, path,
                 strerror(saved));
        free(temp);
        free(folder);
        return false;
    }
    int dir = open(folder, O_RDONLY | O_DIRECTORY);
    if (dir >= 0) {
        fsync(dir);
        close(dir);
    }
    free(temp);
    free(folder);
    return true;
}
