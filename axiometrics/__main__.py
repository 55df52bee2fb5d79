"""``python -m axiometrics`` runs the command line."""

from axiometrics.cli import main

raise SystemExit(main())
