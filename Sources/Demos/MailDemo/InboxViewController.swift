import StrataKit

/// The inbox: a plain table with a section per day. Swipe a row left to
/// archive or delete it, right to mark it read or unread; tap it to read
/// it; pull to refresh; compose from the bar button; Edit to delete or
/// reorder messages within their day.
final class InboxViewController: UITableViewController {
    private var mailbox: Mailbox
    private var nextID = 1000

    init(mailbox: Mailbox) {
        self.mailbox = mailbox
        super.init(style: .plain)
        title = "Inbox"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(MessageCell.self, forCellReuseIdentifier: MessageCell.identifier)
        tableView.estimatedRowHeight = 88
        tableView.separatorInset = UIEdgeInsets(top: 0, left: 28, bottom: 0, right: 0)
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .compose, target: self,
                                                            action: InboxViewController.compose)
        navigationItem.leftBarButtonItem = editButtonItem
        let refresh = UIRefreshControl()
        refresh.addTarget(self, action: InboxViewController.refreshed, for: .valueChanged)
        refreshControl = refresh
    }

    // MARK: Data source

    override func numberOfSections(in tableView: UITableView) -> Int { mailbox.days.count }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        mailbox.days[section].messages.count
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        mailbox.days[section].title
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: MessageCell.identifier, for: indexPath) as! MessageCell
        cell.show(message(at: indexPath))
        return cell
    }

    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    /// In editing mode a message is dragged by its grip, within its day.
    override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        let message = mailbox.days[sourceIndexPath.section].messages.remove(at: sourceIndexPath.row)
        mailbox.days[destinationIndexPath.section].messages.insert(message, at: destinationIndexPath.row)
        print("moved \(message.subject) to \(destinationIndexPath.section),\(destinationIndexPath.row)")
    }

    override func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                            toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        guard proposedDestinationIndexPath.section != sourceIndexPath.section else { return proposedDestinationIndexPath }
        let last = mailbox.days[sourceIndexPath.section].messages.count - 1
        return IndexPath(row: proposedDestinationIndexPath.section < sourceIndexPath.section ? 0 : last, section: sourceIndexPath.section)
    }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        remove(at: indexPath, verb: "deleted")
    }

    // MARK: Delegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        var selected = message(at: indexPath)
        print("opened \(selected.subject)")
        if selected.isUnread {
            selected.isUnread = false
            mailbox.days[indexPath.section].messages[indexPath.row] = selected
            tableView.reloadRows(at: [indexPath], with: .none)
        }
        navigationController?.pushViewController(MessageViewController(message: selected), animated: true)
    }

    override func tableView(_ tableView: UITableView,
                            trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, done in
            self?.remove(at: indexPath, verb: "deleted")
            done(true)
        }
        let archive = UIContextualAction(style: .normal, title: "Archive") { [weak self] _, _, done in
            self?.remove(at: indexPath, verb: "archived")
            done(true)
        }
        archive.backgroundColor = .systemIndigo
        return UISwipeActionsConfiguration(actions: [delete, archive])
    }

    override func tableView(_ tableView: UITableView,
                            leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let unread = message(at: indexPath).isUnread
        let toggle = UIContextualAction(style: .normal, title: unread ? "Read" : "Unread") { [weak self] _, _, done in
            guard let self else { return done(false) }
            self.mailbox.days[indexPath.section].messages[indexPath.row].isUnread.toggle()
            self.tableView.reloadRows(at: [indexPath], with: .none)
            print("marked \(unread ? "read" : "unread")")
            done(true)
        }
        toggle.backgroundColor = .systemBlue
        return UISwipeActionsConfiguration(actions: [toggle])
    }

    // MARK: Actions

    private func message(at indexPath: IndexPath) -> Message {
        mailbox.days[indexPath.section].messages[indexPath.row]
    }

    private func remove(at indexPath: IndexPath, verb: String) {
        let removed = mailbox.days[indexPath.section].messages.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .left)
        print("\(verb) \(removed.subject)")
    }

    /// A compose alert: a subject field, Cancel and Send (the preferred action).
    func compose() {
        let alert = UIAlertController(title: "New Message", message: "A note to yourself.", preferredStyle: .alert)
        alert.addTextField { field in field.placeholder = "Subject" }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in print("compose cancelled") })
        let send = UIAlertAction(title: "Send", style: .default) { [weak self, weak alert] _ in
            self?.send(subject: alert?.textFields?.first?.text ?? "")
        }
        alert.addAction(send)
        alert.preferredAction = send
        present(alert, animated: true)
    }

    private func send(subject: String) {
        nextID += 1
        let message = Message(id: nextID, sender: "Me", subject: subject.isEmpty ? "(No Subject)" : subject,
                              body: "Sent from Strata.", time: "Now", isUnread: true)
        mailbox.days[0].messages.insert(message, at: 0)
        tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .top)
        print("sent \(message.subject)")
    }

    func refreshed() {
        print("refreshing")
        refreshControl?.endRefreshing()
    }
}
