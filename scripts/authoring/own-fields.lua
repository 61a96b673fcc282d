-- Writing a scenario as app code reads (README "Writing scenarios as app code", DECISIONS
-- D-80 to D-82, D-84): a controller keeps fields of the script's own, as a view controller
-- keeps stored properties; `title` is UIKit's; a misspelt callback is still caught; a method
-- called with '.' instead of ':' says so.

scenario("a controller counts its appearances in a field of its own", function()
  local inbox = Controller {
    "Inbox",
    title = "Inbox",
    viewDidAppear = function(self) self.appearances = self.appearances + 1 end,
  }
  inbox.appearances = 0
  inbox.messages = {}
  function inbox:receive(text)
    self.messages[#self.messages + 1] = text
    return #self.messages
  end

  local nav = NavigationController { "Nav", inbox }
  Window { root = nav }
  settle()
  trace.clear()
  expect.equal(inbox:receive("hello"), 1)
  nav:pushViewController(Controller { "Message", title = "hello" })
  settle()
  nav:popViewController()
  settle()
  expect.equal(inbox.appearances, 2)
  expect.equal(inbox.title, "Inbox")
  expect.equal(nav.topViewController.name, "Inbox")
  expect [[
    Message.willMove(toParent: Nav)
    Message.viewDidLoad()
    Inbox.viewWillDisappear(true)
    Message.viewWillAppear(true)
    Inbox.viewDidDisappear(true)
    Message.viewDidAppear(true)
    Message.didMove(toParent: Nav)
    Message.willMove(toParent: nil)
    Message.viewWillDisappear(true)
    Inbox.viewWillAppear(true)
    Message.viewDidDisappear(true)
    Inbox.viewDidAppear(true)
    Message.didMove(toParent: nil)
  ]]
end)

scenario("misspellings and a '.' for a ':' are caught with what to write", function()
  local a, b = Controller "A", Controller "B"
  expect.error(function() a.viewDidApear = function() end end, "(did you mean 'viewDidAppear'?)")
  expect.error(function() a.titel = "Inbox" end, "(did you mean 'title'?)")
  expect.error(function() return a.score end, "a field of your own is made by assigning it first") ---@diagnostic disable-line: undefined-field
  expect.error(function() a.present(b) end, "call it with ':' (a:present(…), not a.present(…))") ---@diagnostic disable-line: missing-parameter
  expect.error(function() a:presentViewController(b) end, "(did you mean 'present'?)") ---@diagnostic disable-line: undefined-field
  expect.equal(a.presentedViewController, nil)
end)
