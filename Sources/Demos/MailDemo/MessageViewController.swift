import StrataKit

/// One message: who sent it and when, the subject, and the body in a
/// selectable text view (copy works; editing does not).
final class MessageViewController: UIViewController {
    private let message: Message

    init(message: Message) {
        self.message = message
        super.init(nibName: nil, bundle: nil)
        title = message.sender
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let subject = UILabel()
        subject.font = .systemFont(ofSize: 20, weight: .bold)
        subject.numberOfLines = 0
        subject.text = message.subject
        let meta = UILabel()
        meta.font = .preferredFont(forTextStyle: .subheadline)
        meta.textColor = .secondaryLabel
        meta.text = "From \(message.sender) · \(message.time)"
        let body = UITextView()
        body.isEditable = false
        body.font = .preferredFont(forTextStyle: .body)
        body.text = message.body
        for view in [subject, meta, body] {
            view.translatesAutoresizingMaskIntoConstraints = false
            self.view.addSubview(view)
        }
        let guide = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            subject.topAnchor.constraint(equalTo: guide.topAnchor, constant: 16),
            subject.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 16),
            subject.trailingAnchor.constraint(equalTo: guide.trailingAnchor, constant: -16),
            meta.topAnchor.constraint(equalTo: subject.bottomAnchor, constant: 4),
            meta.leadingAnchor.constraint(equalTo: subject.leadingAnchor),
            meta.trailingAnchor.constraint(equalTo: subject.trailingAnchor),
            body.topAnchor.constraint(equalTo: meta.bottomAnchor, constant: 8),
            body.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 11),
            body.trailingAnchor.constraint(equalTo: guide.trailingAnchor, constant: -11),
            body.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        ])
    }
}
