import ModGenCore
import ModGenGeneration
import ModGenWriting
import ModGenXcodeProject

/// What a run would do or did: every request's plan, the projects' edits and the bookkeeping.
public struct RunResult {
    /// One per request, in the order given.
    public var requests: [PlannedRequest]
    /// One per project the requests join.
    public var projects: [ProjectChange] = []
    /// The template versions the records name, stored once each (`.modgen/templates/<version>/`).
    public var templateStore: WritePlan = .empty()
    /// The modules' records (`.modgen/modules/<Name>.json`).
    public var records: WritePlan = .empty()
    /// Whether everything was written (`.apply` without conflicts).
    public var isApplied = false

    init(requests: [PlannedRequest]) {
        self.requests = requests
    }

    /// Every file that exists with other contents and the policy `.refuse`, as shown: with any, nothing is written.
    public var conflicts: [String] {
        requests.flatMap { item in
            item.plan.entries.filter { $0.action == .conflict }.map { item.plan.display($0.path, root: $0.root) }
        }
    }
}

/// One request, planned.
public struct PlannedRequest {
    public var request: ModuleRequest
    /// The request's own files (the bookkeeping and the project files are the run's).
    public var plan: WritePlan
    /// For an update: every file's outcome and the new record.
    public var update: ModuleUpdate?
    /// For a removal: the module's files and which of them were edited.
    public var removal: ModuleRemoval?
    /// For a move: every file's outcome; `plan` writes the new places, `vacated` clears the old ones.
    public var move: ModuleMove?
    /// For a rename: the update under the new name (`update` holds it too) and each file's old path.
    public var rename: ModuleRename?
    /// The files a move takes away from their old folders, written after `plan`.
    public var vacated: WritePlan?
    /// What was written, once the run is applied.
    public var report: WriteReport?
    /// What the run does to the project for this request's files (the project's edit holds every request's).
    public var projectChanges: [ProjectEdit.FileChange] = []
    /// For an adoption: the files the answers render that are not on disk (shown), a sign of other answers.
    public var missingFiles: [String] = []
    /// The record the run writes for the request, and its template version's copy.
    var record: (ModuleRecord, [RenderedFile])?
}
