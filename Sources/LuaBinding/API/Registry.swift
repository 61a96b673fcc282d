/// The Lua API in two tables (STYLE rule 5): the kinds of handle, and the functions that
/// belong to no handle. A new kind is its own file (its members, its `HandleKind`, its
/// constructors) and one row here.

/// Every kind of handle. The bridge gives an object the most specific kind that includes
/// its class, so the order does not matter. Each kind brings its constructors.
let handleKinds: [any HandleKind.Type] = [
    ControllerKind.self, NavigationKind.self, TabBarKind.self, SplitKind.self, ViewKind.self, WindowKind.self,
    GestureKind.self, PresentationControllerKind.self, TransitionContextKind.self, TransitionCoordinatorKind.self,
    InteractionKind.self, PageKind.self, StoryboardKind.self, SegueHandleKind.self, TraitOverridesKind.self,
    TabBarViewKind.self,
    NavigationBarKind.self,
    CoderKind.self,
]

/// Every function of the API outside the handles and their constructors.
let apiFunctions: [APIFunction] =
    runLoopFunctions + timeFunctions + userFunctions + segueUserFunctions + appFunctions + launchFunctions
    + expectationFunctions
    + traceFunctions
    + transitionFunctions + explainFunctions
