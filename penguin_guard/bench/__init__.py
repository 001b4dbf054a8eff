"""The PENGUIN benchmark: items and loaders, the judge, the runners and the reports."""
