import Foundation

print("kadr-doc: not built yet")
