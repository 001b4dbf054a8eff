"""The taxonomy is spelled once in code (the Literal types) and once as data (data/taxonomy.json): they agree."""

from typing import get_args

from penguin_guard.taxonomy import ATTRIBUTES, DOMAINS, Attribute, Domain, load_taxonomy


def test_the_attribute_tuple_is_the_literal():
    assert get_args(Attribute) == ATTRIBUTES
    assert len(ATTRIBUTES) == 10 and len(set(ATTRIBUTES)) == 10


def test_taxonomy_json_lists_the_same_attributes_in_the_same_order():
    data = load_taxonomy()
    assert tuple(data["attributes"]) == ATTRIBUTES
    assert tuple(data["public_dataset_fields"]) == ATTRIBUTES


def test_taxonomy_json_has_the_same_domains():
    assert get_args(Domain) == DOMAINS
    assert set(load_taxonomy()["domains"]) == set(DOMAINS)
