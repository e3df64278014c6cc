// StrataKit: UIKit on Strata. The framework arrives with its own issue.
