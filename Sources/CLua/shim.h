/* The thin C layer between Lua 5.4 and Swift: what Swift cannot import (macros,
 * variadics) and what must be C (raising a Lua error after the Swift frame is gone).
 * No engine logic lives here. */
#ifndef VCSANDBOX_CLUA_SHIM_H
#define VCSANDBOX_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- Limits (SPEC §8): what one scenario may spend. ------------------------------------
 * One record per state, in the host record of its extra space. The allocator and the
 * count hook are C because the hook raises Lua errors, and the allocator is called with
 * no Swift frame to answer it. */

/* Why a scenario was stopped. */
#define VCS_TRIP_NONE 0
#define VCS_TRIP_INSTRUCTIONS 1
#define VCS_TRIP_TIME 2
#define VCS_TRIP_MEMORY 3
#define VCS_TRIP_INTERRUPT 4

/* The hook runs every this many Lua instructions. */
#define VCS_HOOK_STEP 1000

typedef struct vcs_Limits {
    size_t bytes;              /* live bytes the state holds */
    size_t memory_cap;         /* 0: no cap */
    size_t refusals;           /* allocations refused because of the cap */
    long long instructions;    /* Lua instructions run since the last reset (to a step) */
    long long budget;          /* 0: no budget */
    double deadline;           /* vcs_monotonic() time to stop at; 0: none */
    int tripped;               /* VCS_TRIP_*: sticky until the next reset */
    int lua_running;           /* 1 while Lua code runs under vcs_pcall, 0 in a Swift frame */
    volatile int interrupt;    /* set from elsewhere (the REPL's Ctrl-C, issue 6) to stop the chunk */
    /* Bytes the host holds for the scenario (its engine objects), asked at each hook. */
    size_t (*host_bytes)(lua_State *L);
    lua_State *main;           /* the state's main thread, where the allocator looks for a place */
    /* `short_src:line` of the script when the allocator last refused memory (a memory error
     * runs no message handler, so nothing else knows the place); empty for none. */
    char refused_at[LUA_IDSIZE + 24];
} vcs_Limits;

/* Reads property `number` of the object `id` of the kind at `kind` and pushes its value (a
 * Swift function; its result is the trampoline's). */
typedef int (*vcs_Property)(lua_State *L, int kind, int id, int number);

/* A handle kind's method: the Swift function is given the kind's position and the method's
 * number from its box, so that a call reads no upvalue through the Lua API. */
typedef int (*vcs_Method)(lua_State *L, int kind, int number);

/* What a state's host keeps in its extra space: the Swift session and the limits, one
 * pointer away from every call (the trampoline reads the limits on each one). */
typedef struct vcs_Host {
    void *session;             /* the Swift session, unretained */
    vcs_Limits limits;         /* also the allocator's user data */
    unsigned int generation;   /* the world's generation, which current handles carry */
    vcs_Property read;         /* what a current handle's `__index` calls for a property */
    vcs_Method method;         /* what runs every method (vcs_pushmethod) */
} vcs_Host;

/* A handle's bytes (the Swift `Handle`): its generation says whether its world still exists;
 * `id` is its object's number in that world, `kind` the position of its kind. */
typedef struct vcs_HandleHead {
    unsigned int magic;
    unsigned int generation;
    int id;
    int kind;
} vcs_HandleHead;

/* Seconds on a clock that never goes back. */
static inline double vcs_monotonic(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* Notes where the script stands as the allocator refuses it memory: the innermost line of
 * the main thread's Lua code that is not the binding's own chunk (the line running, or the
 * one that resumed the coroutine that runs). It only reads the call frames as they were
 * before the refused allocation; `lua_getinfo` with "Sl" allocates nothing. */
static void vcs_noterefusal(vcs_Limits *limits) {
    lua_Debug ar;
    limits->refused_at[0] = '\0';
    if (!limits->main) return;
    for (int level = 0; lua_getstack(limits->main, level, &ar); level++) {
        if (!lua_getinfo(limits->main, "Sl", &ar) || ar.currentline <= 0) continue;
        if (ar.source && strcmp(ar.source, "=vcsandbox") == 0) continue;
        snprintf(limits->refused_at, sizeof limits->refused_at, "%s:%d", ar.short_src, ar.currentline);
        return;
    }
}

/* Whether the limits hold on thread `L`: its count hook is set. A script under `--unsafe`
 * that removed it (`debug.sethook()`) removed the limits with it (D-40). */
static inline int vcs_haslimits(lua_State *L) { return !L || (lua_gethookmask(L) & LUA_MASKCOUNT) != 0; }

/* The allocator: refuses to grow past twice the cap, and only while Lua code runs. A
 * refusal in a Swift frame would raise through it, so Swift frames are never refused
 * (STYLE rule 2). The hook stops a scenario at the cap itself, after a full collection and
 * with its place; the wide margin leaves this refusal, which has neither (some library
 * buffers are refused without a collection first), to a single huge allocation. */
static void *vcs_alloc(void *ud, void *block, size_t old_size, size_t new_size) {
    vcs_Limits *limits = (vcs_Limits *)ud;
    size_t old = block ? old_size : 0;
    if (new_size == 0) {
        free(block);
        limits->bytes -= old;
        return NULL;
    }
    if (new_size > old && limits->memory_cap && limits->lua_running
        && limits->bytes - old + new_size > 2 * limits->memory_cap && vcs_haslimits(limits->main)) {
        limits->refusals++;
        vcs_noterefusal(limits);
        return NULL;
    }
    void *grown = realloc(block, new_size);
    if (grown) limits->bytes = limits->bytes - old + new_size;
    return grown;
}

static void vcs_hook(lua_State *L, lua_Debug *ar);

static inline vcs_Host *vcs_host(lua_State *L) { return *(vcs_Host **)lua_getextraspace(L); }

static inline vcs_Limits *vcs_limits(lua_State *L) { return &vcs_host(L)->limits; }

/* Records the generation of the state's world (a new world: handles made before are stale). */
static inline void vcs_setgeneration(lua_State *L, unsigned int generation) { vcs_host(L)->generation = generation; }

/* The session of the state (any of its threads: they share the main thread's extra space). */
static inline void *vcs_session(lua_State *L) { return vcs_host(L)->session; }

/* The limits of a host, for Swift. */
static inline vcs_Limits *vcs_hostlimits(vcs_Host *host) { return &host->limits; }

/* Whether the memory the scenario holds passes the cap, after a full collection if it
 * seems to (garbage does not count). */
static int vcs_overcap(lua_State *L, vcs_Limits *limits) {
    if (!limits->memory_cap) return 0;
    size_t host = limits->host_bytes ? limits->host_bytes(L) : 0;
    if (limits->bytes + host <= limits->memory_cap) return 0;
    lua_gc(L, LUA_GCCOLLECT);
    return limits->bytes + host > limits->memory_cap;
}

/* Trips the limits for an interrupt (answering it: a new Ctrl-C is a new one) or a passed
 * deadline, unless something tripped already; returns what tripped. The count hook asks it,
 * and so does Swift code that runs long where the hook cannot (a comparison of a long trace). */
static inline int vcs_checkclock(vcs_Limits *limits) {
    if (limits->tripped) return limits->tripped;
    if (limits->interrupt) {
        limits->interrupt = 0;
        limits->tripped = VCS_TRIP_INTERRUPT;
    }
    else if (limits->deadline > 0 && vcs_monotonic() > limits->deadline) limits->tripped = VCS_TRIP_TIME;
    return limits->tripped;
}

/* Raises `message` prefixed with the place of the Lua function the hook stopped. */
static int vcs_hookerror(lua_State *L, const char *message) {
    lua_sethook(L, vcs_hook, LUA_MASKCOUNT, 1);   /* stop again at once if it is caught */
    luaL_where(L, 0);
    lua_pushstring(L, message);
    lua_concat(L, 2);
    return lua_error(L);
}

/* The count hook: charges the instructions, checks the clock, the memory (the host's
 * share included) and an interrupt, and raises once anything tripped. After a trip it
 * runs at every instruction of whatever thread it stops, so a script that catches the
 * error cannot go on. The runner words the failure; the messages here are for a script
 * that catches them. */
static void vcs_hook(lua_State *L, lua_Debug *ar) {
    vcs_Limits *limits = vcs_limits(L);
    if (!limits->tripped) {
        limits->instructions += lua_gethookcount(L);
        if (lua_gethookcount(L) != VCS_HOOK_STEP) lua_sethook(L, vcs_hook, LUA_MASKCOUNT, VCS_HOOK_STEP);
        /* An interrupt first, then the budget, the clock, the memory. */
        if (!limits->interrupt && limits->budget && limits->instructions > limits->budget)
            limits->tripped = VCS_TRIP_INSTRUCTIONS;
        else if (!vcs_checkclock(limits) && vcs_overcap(L, limits)) limits->tripped = VCS_TRIP_MEMORY;
    }
    if (limits->tripped == VCS_TRIP_NONE) return;
    /* Inside the binding's own Lua (the REPL's scope, print) the error would name its lines:
     * stop at the next instruction of the script's code instead. */
    if (lua_getinfo(L, "S", ar) && ar->source && strcmp(ar->source, "=vcsandbox") == 0) {
        lua_sethook(L, vcs_hook, LUA_MASKCOUNT, 1);
        return;
    }
    switch (limits->tripped) {
    case VCS_TRIP_NONE: return;
    case VCS_TRIP_INSTRUCTIONS: vcs_hookerror(L, "instruction budget exceeded"); return;
    case VCS_TRIP_TIME: vcs_hookerror(L, "timed out"); return;
    case VCS_TRIP_MEMORY: vcs_hookerror(L, "memory cap exceeded"); return;
    default: vcs_hookerror(L, "interrupted"); return;
    }
}

/* An error with no protected call to catch it: the binding never lets one happen, but if
 * it did, say what it was before the process ends (as luaL_newstate's handler does). */
static int vcs_panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    lua_writestringerror("vcsandbox: unprotected Lua error: %s\n", message ? message : "(not a string)");
    return 0;
}

/* A new state whose extra space holds `host`, and whose allocator and hook answer to its
 * limits. */
static inline lua_State *vcs_newstate(vcs_Host *host) {
    lua_State *L = lua_newstate(vcs_alloc, &host->limits);
    if (L) {
        *(vcs_Host **)lua_getextraspace(L) = host;
        host->limits.main = L;
        lua_atpanic(L, vcs_panic);
        lua_sethook(L, vcs_hook, LUA_MASKCOUNT, VCS_HOOK_STEP);
    }
    return L;
}

/* Stands for lua_gc(L, LUA_GCCOLLECT), a variadic call Swift cannot make. */
static inline void vcs_fullgc(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }

/* Starts a new allowance: nothing tripped, nothing spent, the hook at its normal step on
 * the main thread (a thread a trip left at every instruction resets at its next stop). */
static inline void vcs_resetlimits(lua_State *L) {
    vcs_Limits *limits = vcs_limits(L);
    limits->tripped = VCS_TRIP_NONE;
    limits->instructions = 0;
    limits->refusals = 0;
    limits->refused_at[0] = '\0';
    limits->interrupt = 0;
    lua_sethook(L, vcs_hook, LUA_MASKCOUNT, VCS_HOOK_STEP);
}

/* ---- Ctrl-C (SPEC §7): the REPL's interrupt, as lua.c does it. ----------------------------
 * The handler only sets a flag; the count hook raises "interrupted" at the next step. */

/* Where the handler finds the limits it stops: the interactive session's (one per
 * process). A function's static, since Swift emits no storage for a header's globals. */
static inline vcs_Limits *volatile *vcs_interruptible(void) {
    static vcs_Limits *volatile limits;
    return &limits;
}

/* Must be C (a signal handler): asks the hook to stop the running chunk. A second Ctrl-C
 * before the hook answered (Lua stuck in a C function) gets the default action and ends
 * the process, as in lua.c. */
static void vcs_oninterrupt(int signal_number) {
    vcs_Limits *limits = *vcs_interruptible();
    if (!limits) return;
    if (limits->lua_running && limits->interrupt) {
        signal(signal_number, SIG_DFL);
        raise(signal_number);
        return;
    }
    limits->interrupt = 1;
}

/* Catches SIGINT for `limits` from now on. Without SA_RESTART, so that a read at the
 * prompt returns EINTR and the line being typed can be dropped. */
static inline int vcs_catchinterrupts(vcs_Limits *limits) {
    struct sigaction action;
    *vcs_interruptible() = limits;
    action.sa_handler = vcs_oninterrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    return sigaction(SIGINT, &action, NULL);
}

/* Gives SIGINT its default action again, before `limits` goes away. */
static inline void vcs_releaseinterrupts(void) {
    signal(SIGINT, SIG_DFL);
    *vcs_interruptible() = NULL;
}

/* `load` limited to text chunks (SPEC §8): the original `load` is upvalue 1. */
static int vcs_textload(lua_State *L) {
    int type = lua_type(L, 1);
    luaL_argexpected(L, type == LUA_TSTRING || type == LUA_TFUNCTION, 1, "string or function");
    int count = lua_gettop(L);
    if (count < 3) lua_settop(L, count = 3);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, count, LUA_MULTRET);
    return lua_gettop(L);
}

/* `math.randomseed` that seeds with `seed` (upvalue 2) when called without arguments, so
 * that no run depends on the time; the original is upvalue 1. */
static int vcs_seededrandomseed(lua_State *L) {
    int count = lua_gettop(L);
    if (count == 0) {
        lua_pushvalue(L, lua_upvalueindex(2));
        count = 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, count, LUA_MULTRET);
    return lua_gettop(L);
}

/* `setmetatable` that refuses a metatable with `__gc`: Lua runs finalizers with hooks off,
 * so no limit could stop one that loops. The original is upvalue 1. */
static int vcs_setmetatablewithoutgc(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        int found = lua_rawget(L, 2) != LUA_TNIL;
        lua_pop(L, 1);
        if (found) return luaL_error(L, "__gc metamethods are not available in the sandbox (README, \"The sandbox\"); --unsafe lifts it");
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* Pushes the closure of a C function above with `nup` upvalues taken from the stack. */
static inline void vcs_pushtextload(lua_State *L) { lua_pushcclosure(L, vcs_textload, 1); }
static inline void vcs_pushseededrandomseed(lua_State *L) { lua_pushcclosure(L, vcs_seededrandomseed, 2); }
static inline void vcs_pushsetmetatablewithoutgc(lua_State *L) { lua_pushcclosure(L, vcs_setmetatablewithoutgc, 1); }

/* A Swift function callable from Lua. It never raises: it returns a result count, or one
 * of the two sentinels below with the error message on top of the stack. */
typedef int (*vcs_Function)(lua_State *L);

/* Sentinel: raise the message on top of the stack, prefixed with the caller's file:line. */
#define VCS_RAISE_WHERE (-1)
/* Sentinel: raise the value on top of the stack as it is. */
#define VCS_RAISE (-2)

/* Raises the error a Swift function returned (a sentinel), or returns its result count. */
static inline int vcs_returned(lua_State *L, int n) {
    if (n == VCS_RAISE_WHERE) {
        luaL_where(L, 1);     /* message where */
        lua_insert(L, -2);    /* where message */
        lua_concat(L, 2);     /* where..message */
        return lua_error(L);
    }
    if (n == VCS_RAISE) return lua_error(L);
    return n;
}

/* Runs `call` (a Swift function and its arguments) as a Swift frame, where no allocation may
 * fail, then raises its error after it returned. */
#define VCS_SWIFT_FRAME(L, call) do {                                  \
        vcs_Limits *limits_ = vcs_limits(L);                           \
        int running_ = limits_->lua_running;                           \
        limits_->lua_running = 0;                                      \
        int n_ = (call);                                               \
        limits_->lua_running = running_;                               \
        return vcs_returned(L, n_);                                    \
    } while (0)

/* Must be C: calls the Swift function in upvalue 1 and raises its error after it returned. */
static inline int vcs_trampoline(lua_State *L) {
    vcs_Function f = *(vcs_Function *)lua_touserdata(L, lua_upvalueindex(1));
    VCS_SWIFT_FRAME(L, f(L));
}

typedef struct vcs_MethodBox {
    vcs_Method f;
    int kind;
    int number;
} vcs_MethodBox;

static int vcs_methodtrampoline(lua_State *L) {
    vcs_MethodBox *box = (vcs_MethodBox *)lua_touserdata(L, lua_upvalueindex(1));
    VCS_SWIFT_FRAME(L, box->f(L, box->kind, box->number));
}

/* Pushes method `number` of the kind at `kind`, run by `f`. */
static inline void vcs_pushmethod(lua_State *L, vcs_Method f, int kind, int number) {
    vcs_MethodBox *box = (vcs_MethodBox *)lua_newuserdatauv(L, sizeof(vcs_MethodBox), 0);
    box->f = f;
    box->kind = kind;
    box->number = number;
    lua_pushcclosure(L, vcs_methodtrampoline, 1);
}

/* Must be C: pushes `c` as a closure of the Swift function `f` (upvalue 1) and the `nup`
 * values on the stack (upvalues 2...nup+1); a function pointer cannot travel as a light
 * userdata portably. */
static inline void vcs_pushclosure(lua_State *L, lua_CFunction c, vcs_Function f, int nup) {
    vcs_Function *slot = (vcs_Function *)lua_newuserdatauv(L, sizeof(vcs_Function), 0);
    *slot = f;                        /* up1..upN box */
    lua_insert(L, -(nup + 1));        /* box up1..upN */
    lua_pushcclosure(L, c, nup + 1);
}

/* Pushes the box `vcs_pushclosure` makes for `f`, so that many closures can share one. */
static inline void vcs_pushbox(lua_State *L, vcs_Function f) {
    vcs_Function *slot = (vcs_Function *)lua_newuserdatauv(L, sizeof(vcs_Function), 0);
    *slot = f;
}

/* Pops a box (vcs_pushbox) and the `nup` values above it, and pushes a Lua function that runs
 * the box's Swift function through the trampoline with them as upvalues 2...nup+1. */
static inline void vcs_pushboxedfunction(lua_State *L, int nup) { lua_pushcclosure(L, vcs_trampoline, nup + 1); }

/* Pushes a Lua function that runs the Swift function `f` through the trampoline. */
static inline void vcs_pushfunction(lua_State *L, vcs_Function f, int nup) {
    vcs_pushclosure(L, vcs_trampoline, f, nup);
}

/* The magic number at the head of every handle (the Swift `Handle.magic`). */
#define VCS_HANDLE_MAGIC 0x56435342u

/* How many member names a kind's `__index` remembers by address (a power of two). */
#define VCS_INDEX_SLOTS 16

/* The upvalues of `__index` holding the name remembered in slot 0, and the function of a
 * method remembered there. */
#define VCS_INDEX_FIRSTNAME 4
#define VCS_INDEX_FIRSTSLOT (VCS_INDEX_FIRSTNAME + VCS_INDEX_SLOTS)

/* The first upvalue of a handle's `__index`: the Swift function for what C does not answer
 * (first, where `vcs_trampoline` looks for it), and a small cache of member names by the
 * address of their Lua string, each with its member table's answer: a property's number, or
 * -1 for a method, whose function is the closure's upvalue `VCS_INDEX_FIRSTSLOT` + slot.
 * The string itself is kept in upvalue `VCS_INDEX_FIRSTNAME` + slot while it is remembered,
 * so an address found here is still that very string: no other live object has it (only a
 * light userdata, which neither the sandbox nor the binding ever makes, could carry it as a
 * number). A name up to 40 bytes is one string however a script makes it; a longer one is
 * a new string each time it is built, and is found here only as that same string. A read
 * found here needs neither the table's lookup nor the number's conversion (issue 18). */
typedef struct vcs_IndexBox {
    vcs_Function f;
    /* Whether the closure has the upvalues the cache needs (the stack had room to make it). */
    int caches;
    const void *names[VCS_INDEX_SLOTS];
    int values[VCS_INDEX_SLOTS];
} vcs_IndexBox;

static inline unsigned vcs_indexslot(const void *name) {
    return (unsigned)(((size_t)name >> 4) & (VCS_INDEX_SLOTS - 1));
}

/* Remembers that the string at index 2 named what the member table gave at the top. */
static inline void vcs_indexremember(lua_State *L, vcs_IndexBox *box, const void *name, int found) {
    unsigned slot = vcs_indexslot(name);
    box->names[slot] = name;
    lua_copy(L, 2, lua_upvalueindex(VCS_INDEX_FIRSTNAME + (int)slot));
    if (found == LUA_TFUNCTION) {
        box->values[slot] = -1;
        lua_copy(L, -1, lua_upvalueindex(VCS_INDEX_FIRSTSLOT + (int)slot));
    } else {
        box->values[slot] = (int)lua_tointegerx(L, -1, NULL);
    }
}

/* A handle's `__index`. The kind's member table (upvalue 2) holds each member name asked so
 * far: a property's number (with the kind's position, `Session.learnMember`), or a method's
 * function (which checks the handle it is called with). For a current handle, C answers
 * what the table holds: a method is returned without entering Swift, so that a method call
 * crosses into Swift once, for the call itself, and a property's number goes with the
 * handle's to the host's `read` (which refuses a handle of another kind, under --unsafe's
 * debug.setmetatable). Anything else (a name not learned yet, a field of the script's own, a
 * handle of a world that no longer exists, a stranger) goes to the Swift function with what
 * the lookup found at index 3. */
static int vcs_index(lua_State *L) {
    const vcs_HandleHead *handle = (const vcs_HandleHead *)lua_touserdata(L, 1);
    vcs_Host *host = vcs_host(L);
    int current = handle && lua_rawlen(L, 1) == sizeof *handle && handle->magic == VCS_HANDLE_MAGIC
        && handle->generation == host->generation && host->read;
    vcs_IndexBox *box = (vcs_IndexBox *)lua_touserdata(L, lua_upvalueindex(1));
    const void *name = lua_topointer(L, 2);
    unsigned slot = vcs_indexslot(name);
    if (current && name && box->caches && box->names[slot] == name) {
        int value = box->values[slot];
        if (value < 0) {
            lua_pushvalue(L, lua_upvalueindex(VCS_INDEX_FIRSTSLOT + (int)slot));
            return 1;
        }
        VCS_SWIFT_FRAME(L, host->read(L, handle->kind, handle->id, value));
    }
    lua_pushvalue(L, 2);
    int found = lua_rawget(L, lua_upvalueindex(2));
    if (current && (found == LUA_TFUNCTION || found == LUA_TNUMBER)) {
        if (box->caches && lua_type(L, 2) == LUA_TSTRING) vcs_indexremember(L, box, name, found);
        if (found == LUA_TFUNCTION) return 1;
        VCS_SWIFT_FRAME(L, host->read(L, handle->kind, handle->id, (int)lua_tointegerx(L, -1, NULL)));
    }
    lua_copy(L, -1, 3);   /* what was found, at 3 whatever else the caller passed */
    lua_settop(L, 3);
    return vcs_trampoline(L);
}

/* Pushes a handle's `__index` (vcs_index) for the Swift function `f`, with the kind's member
 * table and the kind's position on top of the stack as its upvalues 2 and 3; the upvalues
 * after them hold the names its cache remembers and the functions of the methods among them. */
static inline void vcs_pushindex(lua_State *L, vcs_Function f) {
    vcs_IndexBox *box = (vcs_IndexBox *)lua_newuserdatauv(L, sizeof(vcs_IndexBox), 0);
    memset(box, 0, sizeof *box);
    box->f = f;
    lua_insert(L, -3);   /* box table position */
    /* A C function is sure of only LUA_MINSTACK free slots: the cache's upvalues need more.
     * Where the stack cannot grow (near its maximum), the closure goes without the cache. */
    box->caches = lua_checkstack(L, 2 * VCS_INDEX_SLOTS);
    if (!box->caches) {
        lua_pushcclosure(L, vcs_index, 3);
        return;
    }
    for (int slot = 0; slot < 2 * VCS_INDEX_SLOTS; slot++) lua_pushnil(L);
    lua_pushcclosure(L, vcs_index, VCS_INDEX_FIRSTSLOT - 1 + VCS_INDEX_SLOTS);
}

/* Stands for the macro LUA_REGISTRYINDEX. */
static inline int vcs_registryindex(void) { return LUA_REGISTRYINDEX; }

/* Stands for the macro lua_upvalueindex. */
static inline int vcs_upvalueindex(int i) { return lua_upvalueindex(i); }

/* Stands for the macro lua_pcall; the Lua code it runs may be refused memory. */
static inline int vcs_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    vcs_Limits *limits = vcs_limits(L);
    int running = limits->lua_running;
    limits->lua_running = 1;
    int status = lua_pcall(L, nargs, nresults, msgh);
    limits->lua_running = running;
    return status;
}

/* Stands for the macro lua_pop. */
static inline void vcs_pop(lua_State *L, int n) { lua_pop(L, n); }

/* Stands for the macro lua_insert. */
static inline void vcs_insert(lua_State *L, int index) { lua_insert(L, index); }

/* Stands for the macro lua_remove. */
static inline void vcs_remove(lua_State *L, int index) { lua_remove(L, index); }

/* Stands for the macro lua_replace. */
static inline void vcs_replace(lua_State *L, int index) { lua_replace(L, index); }

/* Stands for the macro lua_tonumber. */
static inline lua_Number vcs_tonumber(lua_State *L, int index) { return lua_tonumber(L, index); }

/* Stands for the macro lua_pushglobaltable. */
static inline void vcs_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }


/* Stands for the macro luaL_loadbuffer. */
static inline int vcs_loadbuffer(lua_State *L, const char *buffer, size_t size, const char *name, const char *mode) {
    return luaL_loadbufferx(L, buffer, size, name, mode);
}

#endif
