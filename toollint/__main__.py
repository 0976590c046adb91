from toollint.cli import main

main()
