import Gtk

// The kit's example: planets beside the chosen planet, whose moon rows host controllers.
let application = Application(id: "io.github.lightbox.KitExample", handlesOpen: false, nonUnique: true)
var root: PlanetsController?

application.onActivate {
    let window = ApplicationWindow(application: application)
    let noTitlebar = Box()
    noTitlebar.isVisible = false
    window.titlebar = noTitlebar  // the panes bring their own header bars
    window.setDefaultSize(width: 960, height: 640)
    let planets = PlanetsController()
    window.child = planets.view
    planets.select(4)
    root = planets
    window.present()
}

_ = application.run()
