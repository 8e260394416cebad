import CompanionModel
import Foundation
import SimulationKernel

extension PairState {
    /// Performs one of the link's effects: a timer goes on the loop (``LinkTimers``), a delivery and an outcome
    /// become delegate and handler calls, a trace event joins the trail, an app lifecycle change
    /// is applied to the app (the pair owns both apps' run states, as the scenario's devices do).
    mutating func perform(_ effect: LinkTransportEffect) {
        switch effect {
        case .timer(let effect):
            timers.perform(effect, on: &loop)
        case .deliver(let message, _):
            deliver(message)
        case .outcome(let message, let outcome):
            finish(message, outcome)
        case .trace(let event):
            trail.append(event)
        case .changeApp(let side, let event, _):
            if let change = apps.change(side, event) { reduce(.environment(change)) }
        }
    }

    /// Hands a delivered message to the receiving app's delegate, by channel.
    private mutating func deliver(_ message: LinkMessage) {
        guard let label = Self.label(of: message), let item = sent[label] else { return }
        let receiver = Device(message.route.to)
        switch (message.channel, item.body) {
        case (.interactive, .dictionary(let dictionary)):
            if item.replyHandler == nil {
                call(receiver) { $1.session($0, didReceiveMessage: dictionary) }
            } else {
                let reply = replyRecorder(label)
                call(receiver) {
                    $1.session($0, didReceiveMessage: dictionary, replyHandler: { reply(.dictionary($0)) })
                }
            }
        case (.interactive, .data(let data)):
            if item.replyHandler == nil {
                call(receiver) { $1.session($0, didReceiveMessageData: data) }
            } else {
                let reply = replyRecorder(label)
                call(receiver) { $1.session($0, didReceiveMessageData: data, replyHandler: { reply(.data($0)) }) }
            }
        case (.userInfo, .dictionary(let dictionary)), (.complication, .dictionary(let dictionary)):
            call(receiver) { $1.session($0, didReceiveUserInfo: dictionary) }
        case (.applicationContext, .dictionary(let dictionary)):
            receivedContext[receiver] = dictionary
            call(receiver) { $1.session($0, didReceiveApplicationContext: dictionary) }
        case (.userInfo, .data), (.complication, .data), (.applicationContext, .data):
            break  // Message data travels only as interactive messages.
        }
    }

    /// What the receiver's reply handler does: keeps the reply for the sender (the link decides
    /// when the reply arrives).
    private func replyRecorder(_ label: String) -> @Sendable (SentItem.Body) -> Void {
        let engine = engine
        return { body in engine?.recordReply(body, for: label) }
    }

    /// Tells the sender how its message or transfer ended: its reply or error handler, or its
    /// delegate's `didFinish`.
    private mutating func finish(_ message: LinkMessage, _ outcome: LinkOutcome) {
        guard let label = Self.label(of: message), let item = sent[label] else { return }
        if label == requesting, case .failed(let error) = outcome { immediateError = error }
        let sender = item.device
        switch (message.channel, outcome) {
        case (.interactive, .replied):
            let reply = replies.removeValue(forKey: label)
            switch item.replyHandler {
            case .dictionary(let handler)?:
                if case .dictionary(let body)? = reply {
                    calls.append { handler(body) }
                } else {
                    calls.append { handler([:]) }
                }
            case .data(let handler)?:
                if case .data(let body)? = reply {
                    calls.append { handler(body) }
                } else {
                    calls.append { handler(Data()) }
                }
            case nil:
                break
            }
        case (.interactive, .failed(let error)):
            if let handler = item.errorHandler { calls.append { handler(WatchConnectivityError(error)) } }
        case (.interactive, .transferFinished), (.interactive, .cancelled):
            break  // Interactive messages end only with a reply or an error.
        case (.applicationContext, _):
            break  // `updateApplicationContext` throws at once; nothing is reported later.
        case (.userInfo, .failed(let error)), (.complication, .failed(let error)):
            guard let transfer = item.transfer else { return }
            call(sender) { $1.session($0, didFinish: transfer, error: WatchConnectivityError(error)) }
        case (.userInfo, .transferFinished), (.complication, .transferFinished):
            guard let transfer = item.transfer else { return }
            call(sender) { $1.session($0, didFinish: transfer, error: nil) }
        case (.userInfo, .cancelled), (.complication, .cancelled), (.userInfo, .replied), (.complication, .replied):
            break  // A cancelled transfer reports nothing; transfers get no reply.
        }
    }
}
