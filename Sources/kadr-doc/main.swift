import KadrDocCommands

KadrDocTool.main()
