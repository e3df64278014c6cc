import Foundation

/// One message.
struct Message: Hashable {
    let id: Int
    var sender: String
    var subject: String
    var body: String
    var time: String
    var isUnread: Bool
}

/// Messages grouped by day, newest first.
struct Mailbox {
    var days: [(title: String, messages: [Message])]

    static func sample() -> Mailbox {
        let senders = ["Ada Lovelace", "Charles Babbage", "Grace Hopper", "Alan Turing", "Katherine Johnson",
                       "Edsger Dijkstra", "Barbara Liskov", "Dennis Ritchie", "Margaret Hamilton", "Ken Thompson"]
        let subjects = ["Notes on the Analytical Engine", "Difference engine, part two", "A bug in the relay", "On computable numbers",
                        "Trajectory figures for Tuesday", "Go to considered harmful", "Substitution, again", "The C book, draft",
                        "Apollo guidance review", "Reflections on trusting trust"]
        let sentences = ["I have read your notes with great interest and have a few questions.",
                         "The figures agree with the ones from last week, within the tolerance we set.",
                         "Could we meet on Thursday to go through the remaining items?",
                         "I attach the revised draft; the second section is new.",
                         "Nothing in it surprised me, but the third table is worth a second look."]
        var id = 0
        func messages(_ count: Int, times: [String]) -> [Message] {
            (0..<count).map { index in
                defer { id += 1 }
                let body = (0..<(3 + id % 4)).map { sentences[($0 + id) % sentences.count] }.joined(separator: " ")
                return Message(id: id, sender: senders[id % senders.count], subject: subjects[(id * 3) % subjects.count],
                               body: "Hello,\n\n\(body)\n\nBest,\n\(senders[id % senders.count])",
                               time: times[index % times.count], isUnread: id % 3 == 0)
            }
        }
        return Mailbox(days: [("Today", messages(6, times: ["09:41", "09:12", "08:55", "08:03", "07:30", "07:02"])),
                              ("Yesterday", messages(8, times: ["18:20", "16:45", "14:10", "12:00"])),
                              ("Earlier", messages(40, times: ["Mon", "Sun", "Sat", "Fri"]))])
    }
}
