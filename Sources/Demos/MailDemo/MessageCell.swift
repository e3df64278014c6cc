import StrataKit

/// An inbox row: an unread dot, the sender and time on one line, the
/// subject, and two lines of the body; laid out with constraints, so the
/// table sizes the row from them.
final class MessageCell: UITableViewCell {
    static let identifier = "message"

    private let dot = UIView()
    private let sender = UILabel()
    private let time = UILabel()
    private let subject = UILabel()
    private let preview = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        accessoryType = .disclosureIndicator
        dot.backgroundColor = .systemBlue
        dot.layer.cornerRadius = 5
        sender.font = .systemFont(ofSize: 17, weight: .semibold)
        time.font = .preferredFont(forTextStyle: .subheadline)
        time.textColor = .secondaryLabel
        time.setContentHuggingPriority(.required, for: .horizontal)
        time.setContentCompressionResistancePriority(.required, for: .horizontal)
        subject.font = .preferredFont(forTextStyle: .subheadline)
        preview.font = .preferredFont(forTextStyle: .subheadline)
        preview.textColor = .secondaryLabel
        preview.numberOfLines = 2
        for view in [dot, sender, time, subject, preview] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        NSLayoutConstraint.activate([
            dot.widthAnchor.constraint(equalToConstant: 10),
            dot.heightAnchor.constraint(equalToConstant: 10),
            dot.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 10),
            dot.centerYAnchor.constraint(equalTo: sender.centerYAnchor),
            sender.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 28),
            sender.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            time.leadingAnchor.constraint(greaterThanOrEqualTo: sender.trailingAnchor, constant: 8),
            time.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            time.firstBaselineAnchor.constraint(equalTo: sender.firstBaselineAnchor),
            subject.leadingAnchor.constraint(equalTo: sender.leadingAnchor),
            subject.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            subject.topAnchor.constraint(equalTo: sender.bottomAnchor, constant: 2),
            preview.leadingAnchor.constraint(equalTo: sender.leadingAnchor),
            preview.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            preview.topAnchor.constraint(equalTo: subject.bottomAnchor, constant: 2),
            preview.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    func show(_ message: Message) {
        dot.isHidden = !message.isUnread
        sender.text = message.sender
        time.text = message.time
        subject.text = message.subject
        preview.text = message.body.replacingOccurrences(of: "\n", with: " ")
    }
}
