import Gtk
import LightboxKit

// The kit's example: planets beside the chosen planet, whose moon rows host controllers.
let application = Application(id: "io.github.lightbox.KitExample", handlesOpen: false, nonUnique: true)

application.onActivate {
    // The window keeps its root controller; the split's own headers are its title bar.
    let planets = PlanetsController()
    let window = ControllerWindow(application: application, root: planets)
    window.setDefaultSize(width: 960, height: 640)
    planets.select(4)
    window.present()
}

_ = application.run()
