import StrataRender
import CStrataServerProtocol
func _probe() { _ = strata_layer_v1_interface; _ = xdg_toplevel_interface }
