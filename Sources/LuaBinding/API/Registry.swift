/// The Lua API in two tables (STYLE rule 5): the kinds of handle, and the functions that
/// belong to no handle. A new kind is its own file (its members, its `HandleKind`, its
/// constructors) and one row here.

/// Every kind of handle. The bridge gives an object the most specific kind that includes
/// its class, so the order does not matter.
let handleKinds: [HandleKind] = [
    controllerKind, navigationKind, tabBarKind, splitKind, viewKind, windowKind, gestureKind,
    presentationControllerKind,
]

/// Every function of the API outside the handles: the kinds' constructors, then the rest.
let apiFunctions: [APIFunction] =
    handleKinds.flatMap(\.constructors) + runLoopFunctions + timeFunctions + userFunctions + expectationFunctions
    + traceFunctions

/// The functions one trampoline runs, by position: the API's, then the sandbox's (installed
/// only in a restricted state).
let registeredFunctions: [APIFunction] = apiFunctions + sandboxFunctions
