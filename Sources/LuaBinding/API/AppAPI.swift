import HierarchyEngine

/// The `app` table (SPEC §9.4, BEHAVIOR MEM-03/04, LIFE-03): the app around the controllers.
///
///     app.receiveMemoryWarning()   -- the notification, then didReceiveMemoryWarning, parents first
///     app.enterBackground()        -- the scene delegate's events (iOS 13+), no appearance callbacks
///     app.enterForeground()
let appFunctions: [APIFunction] = [
    APIFunction(
        "enterBackground", in: "app", named: "app.enterBackground",
        doc:
            "Sends the app to the background: the scene's (before iOS 13 the app's) delegate events, no appearance callbacks."
    ) { call in
        try call.session.world.enterBackground()
        return 0
    },
    APIFunction(
        "enterForeground", in: "app", named: "app.enterForeground",
        doc: "Brings the app back to the foreground with the delegate events, no appearance callbacks."
    ) { call in
        try call.session.world.enterForeground()
        return 0
    },
    APIFunction(
        "isInBackground", in: "app", named: "app.isInBackground", returns: "boolean",
        doc: "Whether the app is in the background."
    ) { call in
        call.stack.push(call.session.world.isInBackground)
        return 1
    },
    APIFunction(
        "receiveMemoryWarning", in: "app", named: "app.receiveMemoryWarning",
        doc:
            "Posts a memory warning: the notification, then `didReceiveMemoryWarning` on every controller, parents first."
    ) { call in
        call.session.world.receiveMemoryWarning()
        return 0
    },
]
