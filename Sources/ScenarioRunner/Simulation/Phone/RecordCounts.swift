/// How many deliveries, misses and app runs a harness has made: what ``PhoneReminders`` compares
/// to know whether an event made a record.
struct RecordCounts: Equatable {
    var deliveries = 0
    var missed = 0
    var runs = 0
}
