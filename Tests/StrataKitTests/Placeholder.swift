import XCTest
@testable import StrataKit
