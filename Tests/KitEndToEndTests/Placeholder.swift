import XCTest
import StrataKit
