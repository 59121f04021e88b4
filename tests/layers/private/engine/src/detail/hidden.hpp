// A private engine header: the engine sees it, a front end never.
#pragma once
