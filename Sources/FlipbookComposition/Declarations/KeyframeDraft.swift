/// A keyframe as its keys are read, before it is known to have its value.
struct KeyframeDraft<Value: Sendable>: Sendable {
    var time = 0.0
    var value: Value?
    var easing = Easing.easeInOut
}
