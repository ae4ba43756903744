// folder NSObject
class Home: NSObject {}
