import Foundation

/// The documents the tool is tested with.
enum Fixtures {
  /// The package's schema-1 fixture (`fixtures/schema-1-broad.json`), byte for byte: a canonical
  /// document with a video clip, a slide, an image clip, a title, a track, three overlays, a
  /// caption and an audio track. Its one image token is `file:fixture-pixel.png`.
  static let broad = #"""
    {"schema":1,"video":{"audioTracks":[{"duckingLevel":0.2,"fadeInDuration":{"timescale":30,"\#
    value":30},"fadeOutDuration":{"timescale":30,"value":60},"pitchAlgorithm":"timeDomain","sp\#
    eedRate":1.25,"url":"file:\/\/\/fixtures\/music.m4a","volumeLevel":0.5,"volumeRamps":[{"en\#
    dVolume":0.8,"range":{"duration":{"timescale":30,"value":60},"start":{"timescale":30,"valu\#
    e":30}},"startVolume":0.2}]}],"captions":[{"text":"first","timeRange":{"duration":{"timesc\#
    ale":30,"value":30},"start":{"timescale":1,"value":0}}}],"clips":[{"video":{"_0":{"clipID"\#
    :"hero","filterAnimations":[null,null],"filterIDs":["sepia-1","mono-1"],"filters":[{"kind"\#
    :"sepia","scalar":0.4},{"kind":"mono","scalar":0}],"isMuted":false,"isReversed":false,"opa\#
    city":0.9,"opacityAnimation":{"keyframes":[{"time":{"timescale":30,"value":0},"value":0},{\#
    "time":{"timescale":30,"value":30},"value":0.9}],"timing":{"kind":"easeInOut"}},"speedRate\#
    ":1,"transform":{"anchor":"topLeft","center":{"kind":"normalized","x":0.4,"y":0.6},"rotati\#
    on":0.25,"scale":1.2},"trimRange":{"duration":{"timescale":30,"value":150},"start":{"times\#
    cale":30,"value":30}},"url":"file:\/\/\/fixtures\/a.mov","volumeLevel":0.6}}},{"transition\#
    ":{"_0":{"direction":"fromBottom","duration":{"timescale":30,"value":15},"kind":"slide"}}}\#
    ,{"image":{"_0":{"clipID":"photo","duration":{"timescale":30,"value":60},"imageToken":"fil\#
    e:fixture-pixel.png"}}},{"title":{"_0":{"backgroundColor":{"alpha":1,"blue":0,"green":0,"r\#
    ed":0},"clipID":"title","duration":{"timescale":30,"value":90},"style":{"alignment":"cente\#
    r","color":{"alpha":1,"blue":1,"green":1,"red":1},"fontName":"Menlo","fontSize":42,"shadow\#
    ":{"blur":4,"offset":{"height":2,"width":1}},"stroke":{"color":{"alpha":1,"blue":0,"green"\#
    :0,"red":0},"width":2},"weight":"bold"},"text":"Chapter One"}}},{"track":{"_0":{"clips":[{\#
    "video":{"_0":{"clipID":"nested","filterAnimations":[],"filterIDs":[],"filters":[],"isMute\#
    d":false,"isReversed":false,"speedRate":1,"trimRange":{"duration":{"timescale":30,"value":\#
    60},"start":{"timescale":1,"value":0}},"url":"file:\/\/\/fixtures\/b.mov","volumeLevel":1}\#
    }}],"name":"overlayTrack","opacityFactor":0.7,"startTime":{"timescale":30,"value":200}}}}]\#
    ,"crop":{"anchor":"center","position":{"kind":"percent","x":50,"y":50},"size":{"normalized\#
    ":{"height":0.9,"width":0.9}}},"overlays":[{"text":{"_0":{"anchor":"bottom","layerID":"wm"\#
    ,"opacity":0.8,"position":{"kind":"normalized","x":0.5,"y":0.9},"style":{"alignment":"cent\#
    er","color":{"alpha":1,"blue":1,"green":1,"red":1},"fontName":"Menlo","fontSize":42,"shado\#
    w":{"blur":4,"offset":{"height":2,"width":1}},"stroke":{"color":{"alpha":1,"blue":0,"green\#
    ":0,"red":0},"width":2},"weight":"bold"},"text":"Watermark","textAnimation":{"beginTime":0\#
    ,"durationTimescale":30,"durationValue":15,"from":0.10000000149011612,"kind":"fadeIn"},"vi\#
    sibilityRange":{"duration":{"timescale":30,"value":60},"start":{"timescale":1,"value":0}}}\#
    }},{"image":{"_0":{"anchor":"center","imageToken":"file:fixture-pixel.png","layerID":"logo\#
    ","opacity":1,"position":{"kind":"normalized","x":0.2,"y":0.2},"size":{"aspectFit":{"sourc\#
    eAspect":1.5,"within":{"normalized":{"height":0.4,"width":0.4}}}}}}},{"sticker":{"_0":{"an\#
    chor":"center","imageToken":"file:fixture-pixel.png","layerID":"sticker","opacity":1,"posi\#
    tion":{"kind":"normalized","x":0.8,"y":0.2},"rotation":0.4,"shadow":{"color":{"alpha":1,"b\#
    lue":0,"green":0,"red":0},"offset":{"height":3,"width":2},"opacity":0.5,"radius":8}}}}],"p\#
    reset":{"codec":"hevc","frameRate":30,"height":1920,"kind":"custom","width":1080},"quality\#
    ":{"bitrate":6000000,"kind":"bitrate"}}}
    """#

  /// ``broad`` as bytes.
  static var broadData: Data { Data(broad.utf8) }

  /// ``broad`` with every `old` replaced by `new`: a document that differs in one place.
  static func broad(replacing old: String, with new: String) -> String {
    broad.replacingOccurrences(of: old, with: new)
  }
}
