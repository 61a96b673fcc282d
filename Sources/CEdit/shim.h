/* The thin C layer between libedit and Swift: stand-ins for the variadic `el_set`, `el_get`
 * and `history`, which Swift cannot call. No REPL logic lives here. */
#ifndef VCSANDBOX_CEDIT_SHIM_H
#define VCSANDBOX_CEDIT_SHIM_H

#include <stdio.h>
#include <histedit.h>

/* A prompt function: the text to show before a line. */
typedef char *(*vcs_PromptFunction)(EditLine *);

/* A key's function: returns one of libedit's CC_* codes. */
typedef unsigned char (*vcs_KeyFunction)(EditLine *, int);

/* el_init on the standard streams, C globals that Swift 6 refuses to share. */
static inline EditLine *vcs_el_open(const char *program) { return el_init(program, stdin, stdout, stderr); }

/* Stands for el_set(el, EL_PROMPT, f). */
static inline int vcs_el_setprompt(EditLine *el, vcs_PromptFunction f) { return el_set(el, EL_PROMPT, f); }

/* Stands for el_set(el, EL_EDITOR, name): "emacs" or "vi". */
static inline int vcs_el_seteditor(EditLine *el, const char *name) { return el_set(el, EL_EDITOR, name); }

/* Stands for el_set(el, EL_PREP_TERM, 1): the terminal in edit mode now, before the prompt
 * shows, so that keys typed the moment it shows are edited, not echoed by the terminal. */
static inline int vcs_el_prepareterminal(EditLine *el) { return el_set(el, EL_PREP_TERM, 1); }

/* A function that reads one character for libedit: 1, 0 at the end, -1 on an error. */
typedef int (*vcs_ReadFunction)(EditLine *, wchar_t *);

/* Stands for el_set(el, EL_GETCFN, f). */
static inline int vcs_el_setreader(EditLine *el, vcs_ReadFunction f) { return el_set(el, EL_GETCFN, f); }

/* Stands for el_set(el, EL_HIST, history, h). */
static inline int vcs_el_sethistory(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }

/* Stands for el_set(el, EL_ADDFN, name, help, f). */
static inline int vcs_el_addfunction(EditLine *el, const char *name, const char *help, vcs_KeyFunction f) {
    return el_set(el, EL_ADDFN, name, help, f);
}

/* Stands for el_set(el, EL_BIND, key, name, NULL). */
static inline int vcs_el_bind(EditLine *el, const char *key, const char *name) {
    return el_set(el, EL_BIND, key, name, NULL);
}

/* Stands for el_set(el, EL_CLIENTDATA, data). */
static inline int vcs_el_setclientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }

/* Stands for el_get(el, EL_CLIENTDATA, &data). */
static inline void *vcs_el_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

/* Stands for history(h, &event, H_SETSIZE, size). */
static inline int vcs_history_setsize(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}

/* Stands for history(h, &event, H_SETUNIQUE, 1): a line equal to the last is not kept twice. */
static inline int vcs_history_setunique(History *h) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, 1);
}

/* Stands for history(h, &event, H_ENTER, line). */
static inline int vcs_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

/* Stands for history(h, &event, H_LOAD, file). */
static inline int vcs_history_load(History *h, const char *file) {
    HistEvent event;
    return history(h, &event, H_LOAD, file);
}

/* Stands for history(h, &event, H_SAVE, file). */
static inline int vcs_history_save(History *h, const char *file) {
    HistEvent event;
    return history(h, &event, H_SAVE, file);
}

#endif
