from penguin_guard.escalate import FIXED_CRISIS_REPLY, crisis_reply, render_resources, resources_for


def test_resources_follow_the_locale():
    assert "988" in render_resources("en-US")
    assert "116 123" in render_resources("en-GB")
    assert "0800 111 0 111" in render_resources("de-DE")


def test_unknown_locales_get_the_international_list():
    assert resources_for("xx-ZZ")[0]["contact"] == "https://findahelpline.com"


def test_resources_can_be_overridden(tmp_path):
    extra = tmp_path / "resources.yaml"
    extra.write_text("US:\n  - name: Our campus line\n    contact: '555-0100'\n")
    assert "Our campus line: 555-0100" in render_resources("en-US", extra)


def test_resources_come_first_and_a_failed_provider_still_gets_the_fixed_reply():
    text = crisis_reply("RESOURCES", None)
    assert text.startswith("RESOURCES")
    assert FIXED_CRISIS_REPLY in text


def test_a_country_list_is_not_repeated_by_the_international_one():
    names = [item["name"] for item in resources_for("en-US")]
    assert names.count("Emergency services") == 1
    assert "https://findahelpline.com" in render_resources("en-US")
