-- SBD-06 (M-15): container views' embed segues fire while the parent's view loads, before its
-- viewDidLoad, each in the order the rule gives: shouldPerformSegue (sender: the parent) →
-- the child's init(coder:) and awakeFromNib → prepare(for:sender:) → the child's view loads
-- (its own embeds first) → the child's viewDidLoad → willMove(toParent:) → didMove(toParent:);
-- then the next container view, in document order; then the parent's viewDidLoad.
-- Note the child's viewDidLoad before its willMove: the reverse of A-2's code idiom.
--
-- Sources: [RE] RE26 `-[UIViewController loadViewIfRequired]` (embed templates performed
-- between loadView and viewDidLoad), `UIStoryboardEmbedSegueTemplate` (child.view, then
-- addChild, addSubview, didMove); [OBS] Neuburg's containerViewControllerStoryboard (the
-- child is already a child, its view loaded, in the parent's viewDidLoad). The DOC sentence
-- that puts this at instantiation is overruled by RE (the rule's own note): a parent whose
-- view never loads never gets its embedded children. shouldPerformSegue is asked for embeds
-- (SEG-13, RE); returning false leaves the container view empty ([INF] in the rule).
-- Decisions: D-129 (categories, awakeFromNib children first), D-130 (the container view).
-- Fixture: Embed.storyboard (Parent: container "header" → Header, whose own container
-- "badge" → Badge; container "footer" → FooterNav → Inner).

scenario("the full order, nested embeds included", function()
  trace.include "loading"
  local sb = Storyboard.load("Embed.storyboard")
  local parent = sb:instantiateInitialViewController()
  expect [[
    Parent.init(coder:)
    Parent.awakeFromNib()
  ]]
  Window { root = parent }
  settle()
  expect [[
    Parent.loadView()
    Parent.shouldPerformSegue(withIdentifier: "header", sender: Parent)
    Header.init(coder:)
    Header.awakeFromNib()
    Parent.prepare(for: "header", sender: Parent)
    Header.loadView()
    Header.shouldPerformSegue(withIdentifier: "badge", sender: Header)
    Badge.init(coder:)
    Badge.awakeFromNib()
    Header.prepare(for: "badge", sender: Header)
    Badge.loadView()
    Badge.viewDidLoad()
    Badge.willMove(toParent: Header)
    Badge.didMove(toParent: Header)
    Header.viewDidLoad()
    Header.willMove(toParent: Parent)
    Header.didMove(toParent: Parent)
    Parent.shouldPerformSegue(withIdentifier: "footer", sender: Parent)
    FooterNav.init(coder:)
    Inner.init(coder:)
    Inner.willMove(toParent: FooterNav)
    Inner.didMove(toParent: FooterNav)
    Inner.awakeFromNib()
    FooterNav.awakeFromNib()
    Parent.prepare(for: "footer", sender: Parent)
    FooterNav.loadView()
    FooterNav.viewDidLoad()
    FooterNav.willMove(toParent: Parent)
    FooterNav.didMove(toParent: Parent)
    Parent.viewDidLoad()
    Parent.viewWillAppear(false)
    Header.viewWillAppear(false)
    Badge.viewWillAppear(false)
    FooterNav.viewWillAppear(false)
    Inner.loadView()
    Inner.viewDidLoad()
    Inner.viewWillAppear(false)
    Parent.viewDidAppear(false)
    Header.viewDidAppear(false)
    Badge.viewDidAppear(false)
    FooterNav.viewDidAppear(false)
    Inner.viewDidAppear(false)
  ]]
end)

scenario("in the parent's viewDidLoad the children are there, their views loaded (Neuburg)", function()
  local sb = Storyboard.load("Embed.storyboard")
  sb:class("ParentViewController", {
    viewDidLoad = function(self)
      local names = {}
      for i, child in ipairs(self.children) do
        names[i] = child.name .. (child.isViewLoaded and " (loaded)" or "")
      end
      note("children in viewDidLoad: " .. table.concat(names, ", "))
    end,
  })
  local parent = sb:instantiateInitialViewController()
  parent:loadViewIfNeeded()
  expect [[
    ...
    Parent.viewDidLoad()
    note: children in viewDidLoad: Header (loaded), FooterNav (loaded)
  ]]
end)

scenario("a parent whose view never loads gets no embedded children", function()
  local sb = Storyboard.load("Embed.storyboard")
  local parent = sb:instantiateInitialViewController()
  settle()
  expect.equal(#parent.children, 0, "no children before the view loads")
  expect.none "Header.init(coder:)"
end)

scenario("shouldPerformSegue false leaves that container view empty", function()
  local sb = Storyboard.load("Embed.storyboard")
  sb:class("Parent", {
    shouldPerformSegue = function(self, identifier, sender) return identifier ~= "header" end,
    prepare = function(self, segue, sender)
      note("prepare " .. segue.identifier .. ": " .. segue.source.name .. " → " .. segue.destination.name
        .. ", sender " .. sender.name)
    end,
  })
  local parent = sb:instantiateInitialViewController()
  trace.clear()
  parent:loadViewIfNeeded()
  expect [[
    Parent.shouldPerformSegue(withIdentifier: "header", sender: Parent)
    Parent.shouldPerformSegue(withIdentifier: "footer", sender: Parent)
    FooterNav.init(coder:)
    Inner.init(coder:)
    Inner.willMove(toParent: FooterNav)
    Inner.didMove(toParent: FooterNav)
    Inner.awakeFromNib()
    FooterNav.awakeFromNib()
    Parent.prepare(for: "footer", sender: Parent)
    note: prepare footer: Parent → FooterNav, sender Parent
    FooterNav.viewDidLoad()
    FooterNav.willMove(toParent: Parent)
    FooterNav.didMove(toParent: Parent)
    Parent.viewDidLoad()
  ]]
  expect.equal(#parent.children, 1, "only the footer's child")
end)
