// The library as one import, for the command, its tests and the benchmarks. Each layer is its own target so the
// compiler keeps data flowing one way (docs/ARCHITECTURE.md); this target only re-exports them.
@_exported import ModGenCore
@_exported import ModGenGeneration
@_exported import ModGenGit
@_exported import ModGenLiquid
@_exported import ModGenMustache
@_exported import ModGenRun
@_exported import ModGenTemplates
@_exported import ModGenWriting
@_exported import ModGenXcodeProject
