/* cleanup: temporaries removed on a signal (cleanup.h). */
#include "cleanup.h"
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* A handful of files are open at once (a rejects file, a picture); the
 * names live in the table itself so the handler never reads freed memory. */
#define SLOTS 64
enum { FREE, FILLING, LIVE };
static atomic_int state[SLOTS];
static char names[SLOTS][PATH_MAX];
static atomic_int installed;

static const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };

static void on_signal(int sig)
{
    cv_cleanup_now();
    /* SA_RESETHAND restored the default action: the signal, blocked while
     * we run, is delivered again on return and ends the process as before */
    raise(sig);
}

static void install(void)
{
    int expect = 0;
    if (!atomic_compare_exchange_strong(&installed, &expect, 1)) return;
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old, sa;
        if (sigaction(signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN) continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND;
        sigaction(signals[i], &sa, NULL);
    }
}

int cv_cleanup_add(const char *path)
{
    install();
    size_t n = strlen(path);
    if (n >= PATH_MAX) return -1;
    for (int i = 0; i < SLOTS; i++) {
        int expect = FREE;
        if (!atomic_compare_exchange_strong(&state[i], &expect, FILLING)) continue;
        memcpy(names[i], path, n + 1);
        atomic_store(&state[i], LIVE);
        return i;
    }
    return -1;
}

void cv_cleanup_drop(int slot)
{
    if (slot >= 0 && slot < SLOTS) atomic_store(&state[slot], FREE);
}

void cv_cleanup_now(void)
{
    for (int i = 0; i < SLOTS; i++)
        if (atomic_load(&state[i]) == LIVE) unlink(names[i]);
}
