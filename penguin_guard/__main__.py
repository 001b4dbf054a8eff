from penguin_guard.cli import main

main()
