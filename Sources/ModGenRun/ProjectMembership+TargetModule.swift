import ModGenXcodeProject

extension ProjectMembership {
    /// The product module name of the first target the module's files join (`XcodeProject.productModuleName`): the
    /// module its tests `@testable import`. Read before rendering, since the files depend on it. `nil` when the
    /// project cannot be read or the targets not chosen (the run reports that with its own error) or the project file
    /// does not say.
    public func targetModuleName(currentDirectory: String) -> String? {
        guard let project = try? XcodeProject.load(at: path, currentDirectory: currentDirectory),
            let target = try? resolve(targets, in: project, kind: .application).first
        else { return nil }
        return project.productModuleName(of: target)
    }
}
