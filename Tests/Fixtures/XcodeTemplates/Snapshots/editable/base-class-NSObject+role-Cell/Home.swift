// folder NSObjectCell
class HomeCell: NSObject {}
