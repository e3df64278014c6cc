// UIKit re-exports Foundation (CGFloat, CGPoint, CGRect, Date, …), so iOS
// code that imports only UIKit uses them freely; StrataKit does the same so
// such code compiles with just its import changed.
@_exported import Foundation
