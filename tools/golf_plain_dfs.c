/* Optional, not built or run by CI: a plain exhaustive search in C to measure the Golf solver
   against. A depth-first search over (column heights, cards drawn, waste rank) with a
   visited bitmap and no pruning at all; plays before the draw, column order.

       cc -O2 -o /tmp/golf_plain_dfs tools/golf_plain_dfs.c
       python tools/golf_plain_dfs_input.py easy 1 4000 | /tmp/golf_plain_dfs

   Input, one position a line: "E|C waste ndraws d1 .. dn ncols h1 c.. h2 c.. ..." (ranks; draws in
   draw order; columns covered -> free). Output, one line each: "W|U states microseconds". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int ncols, ndraw, draws[64], cols[8][64], hgt[8], easy, left;
static uint8_t *seen;
static long states;
static uint64_t mult[8];

static int fits(int w, int r) { int d = abs(r - w); return !w || d == 1 || (easy && d == 12); }

static uint64_t key(int s, int w) {
    uint64_t k = 0;
    for (int j = 0; j < ncols; j++) k = k * mult[j] + hgt[j];
    return (k * (ndraw + 1) + s) * 14 + w;
}

static int dfs(int s, int w) {
    if (!left) return 1;
    uint64_t k = key(s, w);
    if (seen[k >> 3] & (1 << (k & 7))) return 0;
    seen[k >> 3] |= 1 << (k & 7);
    states++;
    for (int j = 0; j < ncols; j++) {
        if (!hgt[j] || !fits(w, cols[j][hgt[j] - 1])) continue;
        int r = cols[j][--hgt[j]];
        left--;
        int won = dfs(s, r);
        hgt[j]++, left++;
        if (won) return 1;
    }
    return s < ndraw && dfs(s + 1, draws[s]);
}

int main(void) {
    char rule[4];
    int w;
    while (scanf("%3s %d %d", rule, &w, &ndraw) == 3) {
        for (int i = 0; i < ndraw; i++) scanf("%d", &draws[i]);
        scanf("%d", &ncols);
        uint64_t n = 1;
        left = 0;
        for (int j = 0; j < ncols; j++) {
            scanf("%d", &hgt[j]);
            for (int i = 0; i < hgt[j]; i++) scanf("%d", &cols[j][i]);
            left += hgt[j], mult[j] = hgt[j] + 1, n *= mult[j];
        }
        easy = rule[0] == 'E';
        seen = calloc(n * (ndraw + 1) * 14 / 8 + 1, 1);
        states = 0;
        struct timespec a, b;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
        int won = dfs(0, w);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
        printf("%c %ld %.0f\n", won ? 'W' : 'U', states,
               (b.tv_sec - a.tv_sec) * 1e6 + (b.tv_nsec - a.tv_nsec) / 1e3);
        fflush(stdout);
        free(seen);
    }
    return 0;
}
