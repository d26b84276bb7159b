// The interchange floor KadrOTIO stands on (placeholders, the import report, the exported
// file) is part of this module's API: its users name those types through it.
@_exported import KadrInterchange
