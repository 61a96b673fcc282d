/* The thin C layer between Lua 5.4 and Swift: what Swift cannot import (macros,
 * variadics) and what must be C (raising a Lua error after the Swift frame is gone).
 * No engine logic lives here. */
#ifndef VCSANDBOX_CLUA_SHIM_H
#define VCSANDBOX_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

/* A Swift function callable from Lua. It never raises: it returns a result count, or one
 * of the two sentinels below with the error message on top of the stack. */
typedef int (*vcs_Function)(lua_State *L);

/* Sentinel: raise the message on top of the stack, prefixed with the caller's file:line. */
#define VCS_RAISE_WHERE (-1)
/* Sentinel: raise the value on top of the stack as it is. */
#define VCS_RAISE (-2)

/* Must be C: calls the Swift function in upvalue 1 and raises its error after it returned. */
static inline int vcs_trampoline(lua_State *L) {
    vcs_Function f = *(vcs_Function *)lua_touserdata(L, lua_upvalueindex(1));
    int n = f(L);
    if (n == VCS_RAISE_WHERE) {
        luaL_where(L, 1);     /* message where */
        lua_insert(L, -2);    /* where message */
        lua_concat(L, 2);     /* where..message */
        return lua_error(L);
    }
    if (n == VCS_RAISE) return lua_error(L);
    return n;
}

/* Must be C: pushes a closure of `f` whose upvalues are the `nup` values on the stack (as
 * upvalues 2...nup+1); a function pointer cannot travel as a light userdata portably. */
static inline void vcs_pushfunction(lua_State *L, vcs_Function f, int nup) {
    vcs_Function *slot = (vcs_Function *)lua_newuserdatauv(L, sizeof(vcs_Function), 0);
    *slot = f;                        /* up1..upN box */
    lua_insert(L, -(nup + 1));        /* box up1..upN */
    lua_pushcclosure(L, vcs_trampoline, nup + 1);
}

/* Stands for the macro LUA_REGISTRYINDEX. */
static inline int vcs_registryindex(void) { return LUA_REGISTRYINDEX; }

/* Stands for the macro lua_upvalueindex. */
static inline int vcs_upvalueindex(int i) { return lua_upvalueindex(i); }

/* Stands for the macro lua_pcall. */
static inline int vcs_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}

/* Stands for the macro lua_pop. */
static inline void vcs_pop(lua_State *L, int n) { lua_pop(L, n); }

/* Stands for the macro lua_newtable. */
static inline void vcs_newtable(lua_State *L) { lua_newtable(L); }

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

/* Stands for the macro lua_getextraspace: one pointer of host data per state. */
static inline void **vcs_extraspace(lua_State *L) { return (void **)lua_getextraspace(L); }

/* Stands for the macro luaL_loadbuffer. */
static inline int vcs_loadbuffer(lua_State *L, const char *buffer, size_t size, const char *name, const char *mode) {
    return luaL_loadbufferx(L, buffer, size, name, mode);
}

#endif
