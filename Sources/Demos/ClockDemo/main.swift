import StrataKit
