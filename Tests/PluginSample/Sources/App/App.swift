/// The sample package's own code; modules are generated next to it, in Sources/App/Modules.
public enum App {}
