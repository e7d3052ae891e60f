"""Start Golf & Eight Off."""
import sys


def main(argv: list[str] | None = None) -> int:
    print("Golf & Eight Off: the game window is coming soon.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
