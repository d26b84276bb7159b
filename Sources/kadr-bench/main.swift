import Foundation

print("kadr-bench: not built yet")
